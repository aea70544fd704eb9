import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { historyWindow } from '../../../src/http/trading/history-window.js';
import { ManualClock } from '../../support/manual-clock.js';
import { TestServer } from '../../support/test-server.js';
import { fails, trader, validation } from '../../support/trading.js';

const DAY_MS = 86_400_000;
const seconds = (iso: string): number => Date.parse(iso) / 1000;

describe('the order history window (reference §5.8)', () => {
  it('defaults to the month before the end, clamps the end to now and the start to six months back', () => {
    const now = Date.parse('2026-03-31T15:00:00Z');
    // one calendar month before March 31st is the last day of February
    assert.deepEqual(historyWindow(now, 0, 0), { start: seconds('2026-02-28T15:00:00Z'), end: now / 1000 });
    assert.deepEqual(historyWindow(now, 0, seconds('2026-03-10T00:00:00Z')), {
      start: seconds('2026-02-10T00:00:00Z'),
      end: seconds('2026-03-10T00:00:00Z'),
    });
    assert.deepEqual(historyWindow(now, seconds('2026-03-30T00:00:00Z'), seconds('2027-01-01T00:00:00Z')), {
      start: seconds('2026-03-30T00:00:00Z'),
      end: now / 1000,
    });
    // six months back, from 00:00 UTC: September 30th
    assert.deepEqual(historyWindow(now, seconds('2025-09-01T00:00:00Z'), seconds('2025-10-01T00:00:00Z')), {
      start: seconds('2025-09-30T00:00:00Z'),
      end: seconds('2025-10-01T00:00:00Z'),
    });
    assert.deepEqual(historyWindow(now, seconds('2026-01-01T00:00:00Z'), seconds('2026-02-01T00:00:00Z')), {
      start: seconds('2026-01-01T00:00:00Z'),
      end: seconds('2026-02-01T00:00:00Z'),
    });
    assert.deepEqual(historyWindow(now, seconds('2026-01-01T00:00:00Z'), seconds('2026-02-01T00:00:01Z')), {
      tooWide: true,
    });
    assert.deepEqual(historyWindow(now, seconds('2026-01-01T00:00:00Z'), 0), { tooWide: true });
  });

  describe('through HTTP', () => {
    const clock = new ManualClock();
    let server: TestServer;
    let alice: TxcClient;
    let old = 0;
    let recent = 0;
    let oldFinished = 0;

    const cancelled = async (price: string): Promise<number> => {
      const o = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price });
      await alice.orderCancel({ market: 'BTC_USDT', orderId: o.order_id });
      return o.order_id;
    };
    const ids = async (params: Record<string, unknown>): Promise<number[]> =>
      ((await alice.orderHistory(params))['BTC_USDT'] ?? []).map((o) => (o as { id: number }).id);

    before(async () => {
      server = await TestServer.start({}, undefined, { clock });
      alice = await trader(server, 'alice', { USDT: '100000' });
      old = await cancelled('40000');
      oldFinished = Math.floor(clock.nowMs() / 1000);
      clock.advance(40 * DAY_MS);
      recent = await cancelled('40001');
    });
    after(() => server.stop());

    it('answers the last month by default, any window of up to 31 days on request, an order by id always', async () => {
      assert.deepEqual(await ids({}), [recent]);
      assert.deepEqual(await ids({ startDate: oldFinished - 60, endDate: oldFinished + 60 }), [old]);
      assert.deepEqual(await ids({ endDate: oldFinished + 60 }), [old]);
      assert.deepEqual(await ids({ orderId: old }), [old]);
      // an end in the future is now
      const now = Math.floor(clock.nowMs() / 1000);
      assert.deepEqual(await ids({ startDate: now - 3600, endDate: now + 10 * 86_400 }), [recent]);
    });

    it('refuses a window wider than 31 days (code 30)', async () => {
      await fails(
        alice.orderHistory({ startDate: oldFinished - 60 }),
        422,
        validation({ endDate: ['The period between startDate and endDate may not exceed 31 days.'] }),
      );
    });

    it('reaches back six months at most', async () => {
      clock.advance(200 * DAY_MS);
      assert.deepEqual(await ids({ startDate: oldFinished - 60, endDate: oldFinished + 60 }), []);
      assert.deepEqual(await ids({ orderId: old }), [old]);
    });
  });
});
