import type { Event } from '@txc/core';
import type { VenueView } from '../venue/venue-view.js';
import { ROLE_TAKER } from '../venue/projection/projector.js';
import { DAY_MICROS, RollingStats, type TradePrint, type WindowStats } from './rolling-stats.js';
import { TradeTape } from './trade-tape.js';

const TAPE = 100;

/** A market's recent trades, all of them and each taker side's own (a `type` filter still answers up to 100). */
interface Tapes {
  readonly all: TradeTape;
  readonly buy: TradeTape;
  readonly sell: TradeTape;
}

function newTapes(): Tapes {
  return { all: new TradeTape(TAPE), buy: new TradeTape(TAPE), sell: new TradeTape(TAPE) };
}

function record(tapes: Tapes, t: TradePrint): void {
  tapes.all.add(t);
  tapes[t.takerSide].add(t);
}

/**
 * A load under way: it reads from the store only the trades below `bound` (those the state had
 * applied when it began); the trades applied while it awaits the store are kept for its maps.
 */
interface Loading {
  readonly bound: number;
  readonly arrived: { readonly market: string; readonly trade: TradePrint }[];
}

/**
 * The public market data kept in memory: per market the rolling 24-hour statistics and the recent
 * trades. Fed by the engine's trade events as they apply; at start-up and after a rebuild, loaded
 * from the durable deals (the last 24 hours, and each market's last trades).
 *
 * The deals loaded are those of the trades the venue's state has applied, no more: a gateway's copy
 * of the state can be behind the store (its deals hold trades committed since), and the trades
 * after it reach this as the events its state applies, which would count them twice.
 */
export class MarketData {
  private stats = new Map<string, RollingStats>();
  private tapes = new Map<string, Tapes>();
  private loading: Loading | undefined;

  constructor(private readonly venue: VenueView) {}

  /** Loads the durable history and subscribes to new trades. */
  static async open(venue: VenueView): Promise<MarketData> {
    const md = MarketData.attach(venue);
    await md.load();
    return md;
  }

  /** Subscribes to new trades without loading history (a venue with nothing traded yet). */
  static attach(venue: VenueView): MarketData {
    const md = new MarketData(venue);
    venue.subscribe(
      (events) => md.apply(events),
      () => md.load(),
    );
    return md;
  }

  apply(events: readonly Event[]): void {
    for (const e of events) {
      if (e.type !== 'TradeExecuted') continue;
      const trade: TradePrint = {
        tradeId: e.tradeId,
        time: e.time,
        price: e.price,
        lots: e.lots,
        notional: e.notional,
        takerSide: e.takerSide,
        rpi: e.maker.rpi,
      };
      this.add(e.market, trade);
      // the maps a load under way is building leave this trade to the events: they get it once loaded
      if (this.loading !== undefined && trade.tradeId >= this.loading.bound)
        this.loading.arrived.push({ market: e.market, trade });
    }
  }

  /** Statistics of a market at the venue's current time. */
  stats24h(market: string): WindowStats {
    return this.statsOf(market).at(this.venue.clock.nowMicros());
  }

  /**
   * Statistics of a market since `from` (microseconds), when that lies within the last 24 hours;
   * undefined for an older start (the trades before are not kept in memory).
   */
  statsSince(market: string, from: number): WindowStats | undefined {
    const now = this.venue.clock.nowMicros();
    if (from < now - DAY_MICROS) return undefined;
    return this.statsOf(market).since(from, now);
  }

  /** A market's most recent trades, newest first; only those whose taker bought (sold) with `side`. */
  recentTrades(market: string, side?: 'buy' | 'sell'): TradePrint[] {
    return this.tapes.get(market)?.[side ?? 'all'].recent() ?? [];
  }

  private statsOf(market: string): RollingStats {
    let s = this.stats.get(market);
    if (s === undefined) {
      s = new RollingStats();
      this.stats.set(market, s);
    }
    return s;
  }

  private add(market: string, t: TradePrint): void {
    if (!this.statsOf(market).add(t)) return;
    let tapes = this.tapes.get(market);
    if (tapes === undefined) {
      tapes = newTapes();
      this.tapes.set(market, tapes);
    }
    record(tapes, t);
  }

  /**
   * Replaces the maps with what the store holds up to the venue's state, and the trades its state
   * applies meanwhile. On a single server the state is the store's at this point (at start-up, after
   * a rebuild), so the bound leaves out nothing the store holds.
   */
  private async load(): Promise<void> {
    // read before any await: the trades below it are the state's, those from it on arrive as events
    const loading: Loading = { bound: this.venue.state.trading.nextTradeId, arrived: [] };
    this.loading = loading;
    try {
      const { stats, tapes } = await this.fromStore(loading.bound);
      // a later load (the state was reloaded again meanwhile) puts its own maps in place
      if (this.loading !== loading) return;
      this.stats = stats;
      this.tapes = tapes;
      for (const { market, trade } of loading.arrived) this.add(market, trade);
    } finally {
      if (this.loading === loading) this.loading = undefined;
    }
  }

  /** Each market's statistics and tapes from the deals of the trades with ids below `bound`. */
  private async fromStore(bound: number): Promise<{ stats: Map<string, RollingStats>; tapes: Map<string, Tapes> }> {
    const db = this.venue.store.db;
    const since = this.venue.clock.nowMicros() - DAY_MICROS;
    const stats = new Map<string, RollingStats>();
    const tapes = new Map<string, Tapes>();
    const markets = [...this.venue.state.markets.keys()];
    const print = (r: {
      trade_id: number | string;
      time: number | string;
      price: string;
      lots: string;
      notional: string;
      side: string;
      rpi: number;
    }): TradePrint => ({
      tradeId: Number(r.trade_id),
      time: Number(r.time),
      price: Number(r.price),
      lots: Number(r.lots),
      notional: BigInt(r.notional),
      takerSide: r.side === 'buy' ? 'buy' : 'sell',
      rpi: false,
    });
    for (const market of markets) {
      // the taker row of each trade carries the taker's side; the maker row says whether the maker was RPI
      const last = (side?: 'buy' | 'sell') => {
        let q = db
          .selectFrom('deals')
          .selectAll()
          .where('market', '=', market)
          .where('role', '=', ROLE_TAKER)
          .where('trade_id', '<', bound);
        if (side !== undefined) q = q.where('side', '=', side);
        return q.orderBy('trade_id', 'desc').limit(TAPE).execute();
      };
      const lastRows = await last();
      // each side's tape reaches back further than the last trades of both when the other side traded since
      const sideRows = [...(await last('buy')), ...(await last('sell'))].filter(
        (r) => Number(r.trade_id) < Number(lastRows.at(-1)?.trade_id ?? Infinity),
      );
      const windowRows = await db
        .selectFrom('deals')
        .selectAll()
        .where('market', '=', market)
        .where('role', '=', ROLE_TAKER)
        .where('time', '>=', since)
        .where('trade_id', '<', bound)
        .orderBy('trade_id', 'asc')
        .execute();
      const rpiMakers = new Set(
        (
          await db
            .selectFrom('deals')
            .select('trade_id')
            .where('market', '=', market)
            .where('role', '!=', ROLE_TAKER)
            .where('rpi', '=', 1)
            .execute()
        ).map((r) => Number(r.trade_id)),
      );
      const withRpi = (t: TradePrint): TradePrint => (rpiMakers.has(t.tradeId) ? { ...t, rpi: true } : t);
      const s = new RollingStats();
      const ordered = lastRows.map(print).map(withRpi).reverse();
      const lastBefore = ordered.filter((t) => t.time < since).at(-1);
      if (lastBefore !== undefined) s.add(lastBefore);
      for (const r of windowRows) s.add(withRpi(print(r)));
      stats.set(market, s);
      const marketTapes = newTapes();
      const older = sideRows.map(print).map(withRpi);
      for (const t of older.sort((a, b) => a.tradeId - b.tradeId)) marketTapes[t.takerSide].add(t);
      for (const t of ordered) record(marketTapes, t);
      tapes.set(market, marketTapes);
    }
    return { stats, tapes };
  }
}
