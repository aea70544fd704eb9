import type { Side } from '../book/book.js';
import type { State } from '../state/state.js';

/** `bboRole` of a limit order (reference §5.3): 1 joins the queue, 2 takes from the counterparty. */
export type BboRole = 1 | 2;

/** The side of the book a `bboRole` order takes its price from: its own (1) or the other (2). */
export function bboBookSide(side: Side, role: BboRole): Side {
  return role === 1 ? side : side === 'buy' ? 'sell' : 'buy';
}

/**
 * The price a `bboRole` order takes from the book as it stands (the command is applied before
 * anything else can change it): the best of its book side; undefined when that side is empty.
 */
export function bboPrice(state: State, market: string, side: Side, role: BboRole): number | undefined {
  return state.trading.markets.get(market)?.book.best(bboBookSide(side, role))?.price;
}
