import assert from 'node:assert/strict';
import { formatUnits } from '@txc/core';
import { judged, type Judgement, type RequestKind } from './sent.js';
import { signed, type TrafficContext } from './traffic.js';
import type { World } from './world.js';

/** The market of the crash traffic, and the band its prices stay in (cents): orders rest near each other and cross. */
export const MARKET = 'BTC_USDT';
export const BAND = { low: 2_990_000, high: 3_010_000 } as const;
/** The price of the trade the actors make before the traffic, so that stops have a last price. */
export const OPENING_PRICE = '30000.00';
const STOCK_PRECISION = 6;

export function cents(c: number): string {
  return formatUnits(BigInt(c), 2);
}

/** 0.0002–0.002 BTC: above the market's minimum total anywhere in the band, small beside the actors' funds. */
function stockAmount(ctx: TrafficContext): string {
  return formatUnits(BigInt(ctx.rng.int(200, 2000)), STOCK_PRECISION);
}

function side(ctx: TrafficContext): 'buy' | 'sell' {
  return ctx.rng.next() < 0.5 ? 'buy' : 'sell';
}

const FINISHED = new Set(['FILLED', 'CANCELLED']);

/**
 * An order request (limit or stop) with its own client order id, unique in the run: acknowledged,
 * it is journaled once and is open or finished under the id it was answered with (finished as
 * answered if it finished at once); refused, it is nowhere; unknown, it is both or neither.
 */
function placement(ctx: TrafficContext, clientOrderId: string): Judgement {
  const user = ctx.actor.user;
  const journaled = (w: World): number =>
    w.count('PlaceOrder', (c) => c.user === user && c.clientOrderId === clientOrderId);
  return {
    acknowledged(answer) {
      const order = answer.body as { order_id: number; client_order_id: string; status: string };
      assert.equal(order.client_order_id, clientOrderId);
      if (!FINISHED.has(order.status)) ctx.actor.open.push({ orderId: order.order_id, clientOrderId });
      return (w) => {
        assert.equal(journaled(w), 1, `acknowledged order ${clientOrderId} is journaled once`);
        const now = w.orderByClientId(user, clientOrderId);
        assert.ok(now.where !== 'nowhere' && now.orderId === order.order_id, `order ${clientOrderId} is ${now.where}`);
        if (FINISHED.has(order.status)) assert.deepEqual(now, { ...now, where: 'finished', status: order.status });
      };
    },
    refused: () => (w) => {
      assert.equal(journaled(w), 0, `refused order ${clientOrderId} is not journaled`);
      assert.equal(w.orderByClientId(user, clientOrderId).where, 'nowhere', `refused order ${clientOrderId}`);
    },
    unknown(w) {
      const n = journaled(w);
      assert.ok(n <= 1, `order ${clientOrderId} journaled ${n} times`);
      assert.equal(w.orderByClientId(user, clientOrderId).where !== 'nowhere', n === 1, `order ${clientOrderId}`);
    },
  };
}

/** Limit orders anywhere in the band: some rest, some cross other actors' orders; a few ioc, a few post-only. */
export const limitOrder: RequestKind = {
  name: 'limit order',
  weight: 8,
  signed: true,
  send(ctx) {
    const clientOrderId = ctx.unique('o');
    const flag = ctx.rng.next();
    const fields = {
      market: MARKET,
      side: side(ctx),
      amount: stockAmount(ctx),
      price: cents(ctx.rng.int(BAND.low, BAND.high)),
      clientOrderId,
      ...(flag < 0.1 ? { ioc: true } : flag < 0.15 ? { postOnly: true } : {}),
    };
    return judged(this.name, () => signed(ctx, '/api/v4/order/new', fields), placement(ctx, clientOrderId));
  },
};

/**
 * Stop-limit and stop-market orders: most trigger around the band (a trade crosses them, or they
 * are refused at the last price), a fifth far outside it and wait in their trigger lists.
 */
export const stopOrder: RequestKind = {
  name: 'stop order',
  weight: 2,
  signed: true,
  send(ctx) {
    const clientOrderId = ctx.unique('s');
    const s = side(ctx);
    const far = ctx.rng.next() < 0.2;
    const activation = far ? (s === 'buy' ? 3_200_000 : 2_800_000) : ctx.rng.int(BAND.low - 5000, BAND.high + 5000);
    const limit = ctx.rng.next() < 0.5;
    const fields = limit
      ? {
          price: cents(activation + (s === 'buy' ? 1 : -1) * ctx.rng.int(0, 2000)),
          amount: stockAmount(ctx),
        }
      : { amount: s === 'buy' ? `${ctx.rng.int(10, 60)}` : stockAmount(ctx) };
    const path = limit ? '/api/v4/order/stop_limit' : '/api/v4/order/stop_market';
    return judged(
      this.name,
      () =>
        signed(ctx, path, { market: MARKET, side: s, activation_price: cents(activation), clientOrderId, ...fields }),
      placement(ctx, clientOrderId),
    );
  },
};

/**
 * Cancels one of the actor's open orders (or stops), by orderId or by clientOrderId; with none
 * open, an id nobody used (refused). Acknowledged, the cancel is journaled once and the order is
 * finished as cancelled; refused, nothing is journaled; unknown, a journaled cancel did finish it.
 */
export const cancelOrder: RequestKind = {
  name: 'cancel',
  weight: 4,
  signed: true,
  send(ctx) {
    const user = ctx.actor.user;
    const open = ctx.actor.open;
    const target = open.length === 0 ? undefined : open.splice(ctx.rng.int(0, open.length - 1), 1)[0];
    const clientOrderId = target?.clientOrderId ?? ctx.unique('none');
    const orderId = target !== undefined && ctx.rng.next() < 0.5 ? target.orderId : undefined;
    const journaled = (w: World): number =>
      w.count(
        'CancelOrder',
        (c) => c.user === user && (orderId !== undefined ? c.orderId === orderId : c.clientOrderId === clientOrderId),
      );
    const cancelled = (w: World): void =>
      assert.deepEqual(
        w.orderByClientId(user, clientOrderId),
        { where: 'finished', orderId: target?.orderId, status: 'CANCELLED' },
        `order ${clientOrderId} was cancelled`,
      );
    const fields = orderId !== undefined ? { market: MARKET, orderId } : { market: MARKET, clientOrderId };
    return judged(this.name, () => signed(ctx, '/api/v4/order/cancel', fields), {
      acknowledged(answer) {
        const order = answer.body as { order_id: number; status: string };
        assert.deepEqual([order.order_id, order.status], [target?.orderId, 'CANCELLED']);
        return (w) => {
          assert.equal(journaled(w), 1, `acknowledged cancel of ${clientOrderId} is journaled once`);
          cancelled(w);
        };
      },
      refused: () => (w) => {
        assert.equal(journaled(w), 0, `refused cancel of ${clientOrderId} is not journaled`);
        assert.notEqual(w.orderByClientId(user, clientOrderId).where, 'open', `refused cancel: ${clientOrderId}`);
      },
      unknown(w) {
        const n = journaled(w);
        assert.ok(n <= 1, `cancel of ${clientOrderId} journaled ${n} times`);
        if (n === 1) cancelled(w);
      },
    });
  },
};
