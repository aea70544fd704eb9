import type { CommandResults, OrderView, State } from '@txc/core';
import { spotBalance, spotBalances, type SpotBalanceText } from '../../account-views/spot-balances.js';
import type { AppliedCommand, Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { pushFrame } from '../protocol.js';
import { AccountChannel } from './account-channel.js';
import { userOf } from './account-followers.js';
import { assetList } from './asset-list.js';
import { PerCommit, PUSH_RANK } from './per-commit.js';

/** A subscription's assets; null: every asset. */
type Assets = ReadonlySet<string> | null;

/** Spot balances changed by the open group commit: user → ticker → the balance after its last command. */
type Changed = Map<string, Map<string, SpotBalanceText>>;

/** The asset a spot order holds: money for a buy, stock for a sell. */
function heldAsset(state: State, o: Pick<OrderView, 'market' | 'side'>): string | undefined {
  const spec = state.markets.get(o.market);
  return spec === undefined ? undefined : o.side === 'buy' ? spec.money : spec.stock;
}

/**
 * The (user, ticker) spot balances a command changed: the held asset of a spot order placed (its
 * hold), triggered or finished (what it still held is released), both assets of each side of a spot
 * trade, and the asset of a transfer to or from the spot account.
 */
export function* spotTouches({ events, command, result }: AppliedCommand, state: State): Generator<[string, string]> {
  if (command.type === 'PlaceOrder') {
    const placed = result as CommandResults['PlaceOrder'];
    const held = placed.account === 'spot' ? heldAsset(state, placed) : undefined;
    if (held !== undefined) yield [placed.user, held];
  }
  for (const e of events) {
    if (e.type === 'TradeExecuted') {
      const spec = state.markets.get(e.market);
      if (spec === undefined) continue;
      for (const party of [e.maker, e.taker]) {
        if (party.account !== 'spot') continue;
        yield [party.user, spec.stock];
        yield [party.user, spec.money];
      }
    } else if (e.type === 'OrderFinished') {
      const held = e.order.account === 'spot' ? heldAsset(state, e.order) : undefined;
      if (held !== undefined) yield [e.order.user, held];
    } else if (e.type === 'StopActivated') {
      // a triggered stop may hold anew for what it now is (a finished one is told by OrderFinished)
      const stop = state.trading.orders.get(e.orderId);
      const held = stop?.account === 'spot' ? heldAsset(state, stop) : undefined;
      if (held !== undefined) yield [e.user, held];
    } else if (e.type === 'Transferred' && (e.from === 'spot' || e.to === 'spot')) {
      yield [e.user, e.ticker];
    }
  }
}

/**
 * `balanceSpot` (websocket spec §7.2): `_request` answers the spot balances named (`[]`: every
 * non-zero one, as REST's trade-account/balance); a subscribe (`[]`: every asset) receives, after
 * each group commit that changed its account, one `balanceSpot_update` per changed asset, or one more
 * after an order of a later command in the commit (PUSH_RANK)
 * (`[{"USDT":{"available":…,"freeze":…}}]`, one asset a frame so that every ccxt version reads it;
 * no snapshot on subscribe: clients query first).
 */
export class BalanceSpotChannel extends AccountChannel<Assets> {
  readonly oneShot = 'request';
  private readonly changes: PerCommit<Changed>;

  constructor(ctx: StreamContext) {
    super('balanceSpot', ctx);
    const make = (): Changed => new Map();
    this.changes = new PerCommit(ctx.outbox, make, (changed) => this.send(changed), PUSH_RANK.balanceSpot);
  }

  request(conn: WsConnection, params: readonly unknown[]): unknown {
    const { state } = this.ctx.venue;
    const assets = assetList(state, params);
    const user = userOf(conn);
    if (assets.length === 0) return spotBalances(state, user);
    return Object.fromEntries(assets.map((t) => [t, spotBalance(state, user, t)]));
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    const assets = assetList(this.ctx.venue.state, params);
    this.followers.follow(conn, assets.length === 0 ? null : new Set(assets));
    this.changes.cut();
  }

  onCommand(applied: AppliedCommand): void {
    if (this.followers.empty) return;
    const { state } = this.ctx.venue;
    for (const [user, ticker] of spotTouches(applied, state)) {
      if (!this.followers.wants(user)) continue;
      const changed = this.changes.current();
      let mine = changed.get(user);
      if (mine === undefined) {
        mine = new Map();
        changed.set(user, mine);
      }
      mine.set(ticker, spotBalance(state, user, ticker));
    }
  }

  protected forgetAll(): void {
    this.changes.cut();
  }

  private send(changed: Changed): void {
    for (const [user, balances] of changed) {
      if (!this.followers.receiving(user)) continue;
      for (const [ticker, balance] of balances) {
        const text = pushFrame('balanceSpot_update', jsonText([{ [ticker]: balance }]));
        this.followers.send(user, text, (assets) => assets === null || assets.has(ticker));
      }
    }
  }
}

export const balanceSpotChannel = (ctx: StreamContext): Channel => new BalanceSpotChannel(ctx);
