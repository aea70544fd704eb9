import type { BookFactory } from '../book/book.js';
import { decodeJson, encodeJson } from './json-value.js';
import { createState, type State } from '../state/state.js';
import { decodeTrading, encodeTrading, type EncodedTrading } from './trading-codec.js';

/**
 * The whole state as canonical text: the body of a snapshot, and what the state hash is taken of.
 * Two states that hold the same things encode to the same text, whichever book implementation
 * holds their orders.
 */
export function encodeState(state: State): string {
  const { trading, rules, codes, userFees, killSwitches, ocos, subAccounts, heldWithdrawals, ...rest } = state;
  // the first rules and parts not used yet are left out: the states of journals written before
  // them text as they did
  return encodeJson({
    ...rest,
    ...(rules === 1 ? {} : { rules }),
    ...(codes.byCode.size === 0 ? {} : { codes }),
    ...(userFees.size === 0 ? {} : { userFees }),
    ...(killSwitches.size === 0 ? {} : { killSwitches }),
    ...(ocos.size === 0 ? {} : { ocos }),
    ...(subAccounts.size === 0 ? {} : { subAccounts }),
    ...(heldWithdrawals.size === 0 ? {} : { heldWithdrawals }),
    trading: encodeTrading(trading),
  });
}

/** A snapshot written before a part of the state existed decodes with that part empty. */
export function decodeState(text: string, options: { book?: BookFactory } = {}): State {
  const { trading, ...rest } = decodeJson(text) as Partial<Omit<State, 'trading'>> & { trading?: EncodedTrading };
  const empty = createState({ book: options.book });
  return { ...empty, ...rest, trading: trading === undefined ? empty.trading : decodeTrading(trading, options.book) };
}
