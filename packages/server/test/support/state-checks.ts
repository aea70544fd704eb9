import {
  collateralBreaches,
  conservationBreaches,
  crossedBooks,
  encodeState,
  holdMismatches,
  negativeBalances,
  pendingWithdrawalBreaches,
  type State,
} from '@txc/core';

/** Every invariant of the engine (DESIGN §4) the state breaks; empty when the books balance. */
export function invariantBreaches(state: State): string[] {
  return [
    ...conservationBreaches(state).map((b) => `conservation/${b.ticker}: held ${b.held}, expected ${b.expected}`),
    ...negativeBalances(state).map((x) => `negative/${x}`),
    ...holdMismatches(state).map((x) => `hold/${x}`),
    ...crossedBooks(state).map((x) => `crossed/${x}`),
    ...pendingWithdrawalBreaches(state).map((x) => `pending-withdrawals/${x}`),
    ...collateralBreaches(state).map((x) => `collateral/${x}`),
  ];
}

/** Fields that hold when something happened rather than what: two venues fed alike differ there. */
const TIME_KEY = /time|date|(^|_)at$|[a-z]At$|start$|^created$|^finished$|^updated$/i;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Fields holding a key pair made for the caller (a sub-account's key): random by construction. */
const KEY_PAIR = /^(apiKey|apiSecret)$/;
/** A value sealed under the master key (a WebSocket token): random by construction. */
const SEALED = /^txc1\.[0-9a-f]+\.[A-Za-z0-9_-]+$/;

/**
 * A JSON value with its times left out and its random ids (UUIDs, sealed tokens, key pairs) blanked: what two venues that
 * were sent the same requests must agree on. Collections that held random ids are sorted, since
 * their order followed the ids.
 */
export function comparable(value: unknown): unknown {
  if (typeof value === 'string') return SEALED.test(value) ? '<sealed>' : value.replace(UUID, '<uuid>');
  if (Array.isArray(value)) {
    const items = value.map(comparable);
    return JSON.stringify(items).includes('<uuid>')
      ? items.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
      : items;
  }
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value)
    .filter(([k]) => !TIME_KEY.test(k))
    .map(([k, v]) => [k.replace(UUID, '<uuid>'), KEY_PAIR.test(k) && v !== '' ? '<key>' : comparable(v)] as const);
  if (entries.some(([k]) => k.includes('<uuid>'))) {
    return entries.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  }
  return Object.fromEntries(entries);
}

/** The engine state, comparable across venues. */
export function comparableState(state: State): unknown {
  return comparable(JSON.parse(encodeState(state)));
}
