import type { TradePrint } from './rolling-stats.js';

/** The most recent trades of one market, newest first on read. */
export class TradeTape {
  private readonly items: TradePrint[] = [];

  constructor(private readonly capacity = 100) {}

  add(t: TradePrint): void {
    this.items.push(t);
    if (this.items.length > this.capacity * 2) this.items.splice(0, this.items.length - this.capacity);
  }

  recent(): TradePrint[] {
    return this.items.slice(-this.capacity).reverse();
  }
}
