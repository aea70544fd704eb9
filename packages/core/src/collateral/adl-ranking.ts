import type { State } from '../state/state.js';
import type { MarketSpec } from '../spec/market.js';
import type { Position } from '../state/collateral-state.js';
import { accountFigures, positionPnl, positionValue, unitsFor } from './margin.js';
import { heldPositions } from './position-holders.js';
import { fineValue } from './valuation.js';

/** Which way a position faces: long (size > 0) or short. */
export type AdlSide = 'long' | 'short';

/** An open perpetual position in the auto-deleveraging queue of its market and side. */
export interface RankedPosition {
  readonly user: string;
  readonly position: Position;
}

/** A position's ADL score as an exact fraction, `den` > 0. */
interface Score {
  readonly num: bigint;
  readonly den: bigint;
}

const ZERO: Score = { num: 0n, den: 1n };

/**
 * The score auto-deleveraging ranks by (docs/decisions.md, "Auto-deleveraging"): the position's
 * unrealized PnL over what it cost (its basis), times its effective leverage — its notional at the
 * mark over its account's equity — when in profit; divided by that leverage when at a loss. The most
 * profitable and most leveraged positions come first. An account with no equity left counts as at
 * the smallest equity there is (one value unit), the most leveraged.
 */
function scoreOf(state: State, spec: MarketSpec, pos: Position, equity: bigint): Score {
  const pnl = positionPnl(state, spec, pos);
  const notional = positionValue(state, spec, pos, false) ?? 0n;
  const basis = fineValue(state, spec, unitsFor(state, spec).fineScale, pos.basis, false) ?? 0n;
  if (basis <= 0n || notional <= 0n) return ZERO;
  const eq = equity > 0n ? equity : 1n;
  return pnl >= 0n ? { num: pnl * notional, den: basis * eq } : { num: pnl * eq, den: basis * notional };
}

/**
 * The open positions on a perpetual facing `side`, in the order auto-deleveraging closes them: the
 * highest score first, then the oldest position (lowest id). Each account is valued once, at `now`.
 */
export function adlRanking(state: State, market: string, side: AdlSide, now: number): RankedPosition[] {
  const spec = state.markets.get(market);
  if (spec === undefined || spec.type !== 'futures') return [];
  const equities = new Map<string, bigint>();
  const scored: { user: string; position: Position; score: Score }[] = [];
  for (const [user, position] of heldPositions(state.collateral.accounts)) {
    if (position.market !== market || position.size === 0 || position.size > 0 !== (side === 'long')) continue;
    let equity = equities.get(user);
    if (equity === undefined) {
      equity = accountFigures(state, user, now).equity;
      equities.set(user, equity);
    }
    scored.push({ user, position, score: scoreOf(state, spec, position, equity) });
  }
  scored.sort((a, b) => {
    const left = a.score.num * b.score.den;
    const right = b.score.num * a.score.den;
    if (left !== right) return left > right ? -1 : 1;
    return a.position.id - b.position.id;
  });
  return scored.map(({ user, position }) => ({ user, position }));
}

/**
 * The ADL quantile of the position ranked `rank` (0: first) of `count`, 0–4 as the WebSocket
 * `ADLQuantile` channel gives it (websocket.md §7.11): 4 for the first fifth of its market's queue on
 * its side, down to 0 for the last — higher is deleveraged sooner.
 */
export function quantileAt(rank: number, count: number): number {
  return 4 - Math.floor((5 * rank) / count);
}

/** One perpetual's ADL quantiles for an account: of its long and its short, null where it has none. */
export interface AdlQuantiles {
  readonly market: string;
  readonly long: number | null;
  readonly short: number | null;
}

/** One perpetual side's queue: each position's holder and rank in it, and its length. */
interface Queue {
  readonly ranks: ReadonlyMap<Position, { readonly user: string; readonly rank: number }>;
  readonly count: number;
}

/**
 * The ADL queues of one state at one time, each ranked once, when first asked for: the quantiles of
 * many accounts (every subscriber of the WebSocket `ADLQuantile` channel after a group commit) for the
 * price of one ranking per perpetual and side, instead of one per account and position.
 */
export class AdlQueues {
  /** `market|side` → each position's holder and rank, and how many the queue holds. */
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly state: State,
    private readonly now: number,
  ) {}

  /** The ADL quantile of one position (see `quantileAt`); null off a perpetual. */
  quantile(user: string, pos: Position): number | null {
    if (this.state.markets.get(pos.market)?.type !== 'futures' || pos.size === 0) return null;
    const queue = this.queue(pos.market, pos.size > 0 ? 'long' : 'short');
    const at = queue.ranks.get(pos);
    return at === undefined || at.user !== user ? null : quantileAt(at.rank, queue.count);
  }

  /**
   * An account's ADL quantiles on every perpetual where it holds a position (or on `market` only), in
   * market order: what an `ADLQuantile_update` push carries (websocket.md §7.11, `[market,
   * quantile_long, quantile_short]`).
   */
  quantiles(user: string, market?: string): AdlQuantiles[] {
    const byMarket = new Map<string, { long: number | null; short: number | null }>();
    for (const pos of this.state.collateral.accounts.get(user)?.positions.values() ?? []) {
      if ((market !== undefined && pos.market !== market) || this.state.markets.get(pos.market)?.type !== 'futures') {
        continue;
      }
      const entry = byMarket.get(pos.market) ?? { long: null, short: null };
      const quantile = this.quantile(user, pos);
      if (pos.size > 0) entry.long = quantile;
      else if (pos.size < 0) entry.short = quantile;
      byMarket.set(pos.market, entry);
    }
    return [...byMarket]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, q]) => ({ market: name, long: q.long, short: q.short }));
  }

  private queue(market: string, side: AdlSide): Queue {
    const key = `${market}|${side}`;
    let queue = this.queues.get(key);
    if (queue === undefined) {
      const ranking = adlRanking(this.state, market, side, this.now);
      queue = { ranks: new Map(ranking.map((r, rank) => [r.position, { user: r.user, rank }])), count: ranking.length };
      this.queues.set(key, queue);
    }
    return queue;
  }
}

/** The ADL quantile of one position (see `quantileAt`); null off a perpetual. */
export function adlQuantile(state: State, user: string, pos: Position, now: number): number | null {
  return new AdlQueues(state, now).quantile(user, pos);
}

/** An account's ADL quantiles (see `AdlQueues.quantiles`), on queues ranked for it alone. */
export function adlQuantiles(state: State, user: string, now: number, market?: string): AdlQuantiles[] {
  return new AdlQueues(state, now).quantiles(user, market);
}
