import type { State } from '@txc/core';
import { marketList } from '../params.js';
import { invalidArgument } from '../protocol.js';

/** A subscription's markets; null: every market. */
export type MarketSet = ReadonlySet<string> | null;

/** Market names (`[]`: every market, docs/decisions.md "Account streams") as a subscription's set. */
export function marketSet(state: State, names: readonly unknown[]): MarketSet {
  return names.length === 0 ? null : new Set(marketList(state, names).map((s) => s.name));
}

/** The nested list of `deals_subscribe [[…]]` and `ordersExecuted_subscribe [[…], filter]`. */
export function nestedMarkets(state: State, value: unknown): MarketSet {
  if (value === undefined) return null;
  if (!Array.isArray(value)) throw invalidArgument('markets must be a list of market names');
  return marketSet(state, value);
}

export function inSet(markets: MarketSet, market: string): boolean {
  return markets === null || markets.has(market);
}
