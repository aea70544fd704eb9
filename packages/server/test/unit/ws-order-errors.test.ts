import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RejectReason } from '@txc/core';
import { rejectionError } from '../../src/ws/orders/order-errors.js';

/** Every engine refusal of an order command, and the order methods' code for it (websocket spec §9.4). */
const CODES: readonly [RejectReason, 'spot' | 'collateral', number, string][] = [
  ['NOT_ENOUGH_BALANCE', 'spot', 10, 'balance not enough'],
  ['NOT_ENOUGH_BALANCE', 'collateral', 17, 'user margin balance not enough'],
  ['POST_ONLY_WOULD_TAKE', 'spot', 40, 'order is not post only'],
  ['ORDER_NOT_FOUND', 'spot', 6, 'order not found'],
  ['OTO_NOT_FOUND', 'collateral', 6, 'order not found'],
  ['IOC_AND_POST_ONLY', 'spot', 1, 'invalid argument: wrong flags combination'],
  ['RPI_AND_IOC', 'spot', 1, 'invalid argument: wrong flags combination'],
  ['CLIENT_ORDER_ID_IN_USE', 'spot', 43, 'client order id already exists'],
  ['STOP_AT_LAST_PRICE', 'spot', 101, 'activation price equals last price'],
  ['STOP_NO_LAST_PRICE', 'spot', 1, 'invalid argument: activation_price: the market has no last price yet'],
  ['MARKET_NOT_AVAILABLE', 'spot', 51, 'trading in the market is not allowed'],
  ['ACCOUNT_NOT_AVAILABLE', 'collateral', 51, 'trading in the market is not allowed'],
  ['INDEX_PRICE_MISSING', 'collateral', 3, 'service unavailable: the index price of this market is not available yet'],
  ['POSITION_TOO_BIG', 'collateral', 111, 'margin position too big'],
  ['HEDGE_MODE_LOCKED', 'collateral', 113, 'position side change mode'],
  ['POSITION_SIDE_MISMATCH', 'collateral', 114, 'position side mismatch'],
  ['WOULD_FLIP_POSITION', 'collateral', 115, 'reduce-only order would flip the position'],
  ['REDUCE_ONLY_NO_POSITION', 'collateral', 116, 'reduce-only order has no position to reduce'],
  ['OTO_NOT_ALLOWED', 'collateral', 1, 'invalid argument: oto not allowed'],
];

describe('WebSocket order methods: engine refusals in the order methods’ codes', () => {
  it('each reason answers its documented code and message', () => {
    for (const [reason, account, code, message] of CODES) {
      assert.deepEqual(rejectionError({ reason }, account).wire, { code, message }, reason);
    }
  });

  it('an OTO leg on the wrong side names its leg', () => {
    const takeProfit = rejectionError({ reason: 'OTO_PRICE_WRONG', params: { field: 'takeProfit' } }, 'collateral');
    const stopLoss = rejectionError({ reason: 'OTO_PRICE_WRONG', params: { field: 'stopLoss' } }, 'collateral');
    assert.deepEqual([takeProfit.wire.code, stopLoss.wire.code], [105, 106]);
  });
});
