/** One trade as the market statistics see it. */
export interface TradePrint {
  readonly tradeId: number;
  /** Microseconds since the Unix epoch. */
  readonly time: number;
  /** Ticks. */
  readonly price: number;
  readonly lots: number;
  /** Exact, in the market's fine unit. */
  readonly notional: bigint;
  readonly takerSide: 'buy' | 'sell';
  /** The maker was an RPI order. */
  readonly rpi: boolean;
}

export interface WindowStats {
  /** Ticks of the last trade ever seen (even outside the window), or null. */
  readonly last: number | null;
  /** First trade price inside the window (the "open" of the 24-hour change), or null. */
  readonly open: number | null;
  readonly high: number | null;
  readonly low: number | null;
  readonly lots: bigint;
  readonly notional: bigint;
  readonly count: number;
}

export const DAY_MICROS = 86_400_000_000;

/**
 * Rolling statistics of one market over a trailing window (24 hours by default): volumes as
 * running sums, high and low as monotonic queues, so adding a trade and letting old ones leave the
 * window are O(1) amortised. Trades must arrive in time order, which is trade id order.
 */
export class RollingStats {
  private readonly trades: TradePrint[] = [];
  private head = 0;
  private readonly maxQ: TradePrint[] = [];
  private maxHead = 0;
  private readonly minQ: TradePrint[] = [];
  private minHead = 0;
  private lots = 0n;
  private notional = 0n;
  private last: number | null = null;
  private lastTradeId = 0;

  constructor(private readonly windowMicros: number = DAY_MICROS) {}

  /**
   * Counts a trade; refuses (false) one whose id is not above the last one counted. Trade ids are
   * global and increasing and a market's trades arrive in their order, so such a trade was counted
   * already: the store's deals and the events that follow them overlap.
   */
  add(t: TradePrint): boolean {
    if (t.tradeId <= this.lastTradeId) return false;
    this.lastTradeId = t.tradeId;
    this.trades.push(t);
    this.lots += BigInt(t.lots);
    this.notional += t.notional;
    this.last = t.price;
    while (this.maxQ.length > this.maxHead && (this.maxQ[this.maxQ.length - 1] as TradePrint).price <= t.price) {
      this.maxQ.pop();
    }
    this.maxQ.push(t);
    while (this.minQ.length > this.minHead && (this.minQ[this.minQ.length - 1] as TradePrint).price >= t.price) {
      this.minQ.pop();
    }
    this.minQ.push(t);
    return true;
  }

  /** The statistics at `now` (microseconds): trades older than the window leave it first. */
  at(now: number): WindowStats {
    this.expire(now - this.windowMicros);
    const n = this.trades.length - this.head;
    return {
      last: this.last,
      open: n > 0 ? (this.trades[this.head] as TradePrint).price : null,
      high: this.maxQ.length > this.maxHead ? (this.maxQ[this.maxHead] as TradePrint).price : null,
      low: this.minQ.length > this.minHead ? (this.minQ[this.minHead] as TradePrint).price : null,
      lots: this.lots,
      notional: this.notional,
      count: n,
    };
  }

  /**
   * The statistics of the trades since `from` (microseconds), for a window inside this one: one pass
   * over them. `last` is the last trade ever seen, as in `at`.
   */
  since(from: number, now: number): WindowStats {
    this.expire(now - this.windowMicros);
    let open: number | null = null;
    let high: number | null = null;
    let low: number | null = null;
    let lots = 0n;
    let notional = 0n;
    let count = 0;
    for (let i = this.head; i < this.trades.length; i++) {
      const t = this.trades[i] as TradePrint;
      if (t.time < from) continue;
      open ??= t.price;
      high = high === null || t.price > high ? t.price : high;
      low = low === null || t.price < low ? t.price : low;
      lots += BigInt(t.lots);
      notional += t.notional;
      count++;
    }
    return { last: this.last, open, high, low, lots, notional, count };
  }

  private expire(before: number): void {
    while (this.head < this.trades.length && (this.trades[this.head] as TradePrint).time < before) {
      const t = this.trades[this.head++] as TradePrint;
      this.lots -= BigInt(t.lots);
      this.notional -= t.notional;
      if (this.maxQ[this.maxHead] === t) this.maxHead++;
      if (this.minQ[this.minHead] === t) this.minHead++;
    }
    // compact now and then so the arrays do not grow without bound
    if (this.head > 1024 && this.head * 2 > this.trades.length) {
      this.trades.splice(0, this.head);
      this.head = 0;
      this.maxQ.splice(0, this.maxHead);
      this.maxHead = 0;
      this.minQ.splice(0, this.minHead);
      this.minHead = 0;
    }
  }
}
