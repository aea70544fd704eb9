import { createKey, createUser } from './account-kinds.js';
import { cancelOrder, limitOrder, stopOrder } from './order-kinds.js';
import type { RequestKind } from './sent.js';
import { balanceRead, code, deposit, transfer, withdrawal } from './wallet-kinds.js';

export type { RequestKind, Sent } from './sent.js';

/** The traffic of the crash test: adding a kind here is all it takes for the test to drive it and check it after every kill. */
export const REQUEST_KINDS: readonly RequestKind[] = [
  deposit,
  createUser,
  createKey,
  transfer,
  balanceRead,
  withdrawal,
  code,
  limitOrder,
  stopOrder,
  cancelOrder,
];
