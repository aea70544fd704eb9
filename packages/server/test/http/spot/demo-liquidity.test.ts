import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcClient } from '@txc/sdk';
import { TestServer } from '../../support/test-server.js';
import { assertLadder } from '../../support/trading.js';

const INDEX: Record<string, number> = { BTC_USDT: 60000, ETH_USDT: 3000, XRP_USDT: 0.5, ETH_BTC: 0.05 };

describe('the demo venue’s liquidity and first trades (demo-seed.md)', () => {
  let server: TestServer;
  let client: TxcClient;

  before(async () => {
    server = await TestServer.start({ demo: true });
    client = new TxcClient({ baseUrl: server.url });
  });
  after(() => server.stop());

  it('sets the starting index prices', () => {
    const state = server.server.venue.state;
    assert.deepEqual(Object.fromEntries([...state.trading.indexPrices].map(([t, p]) => [t, Number(p) / 1e18])), {
      BTC: 60000,
      ETH: 3000,
      XRP: 0.5,
      USDT: 1,
    });
  });

  it('every spot market has at least 10 maker levels a side within 2 % of its index', async () => {
    for (const [market, index] of Object.entries(INDEX)) await assertLadder(client, market, index);
  });

  it('every spot market has traded, so the ticker and trades are real from the first request', async () => {
    const ticker = await client.ticker();
    for (const market of Object.keys(INDEX)) {
      const t = ticker[market];
      assert.ok(t !== undefined && Number(t.last_price) > 0 && Number(t.base_volume) > 0, market);
      const trades = await client.trades(market);
      assert.deepEqual(
        trades.map((x) => x.type),
        ['sell', 'buy'],
      );
    }
    assert.equal(ticker.BTC_USDT?.last_price, '59940');
  });

  it('is deterministic: a second fresh demo venue holds the same books', async () => {
    const other = await TestServer.start({ demo: true });
    try {
      const otherClient = new TxcClient({ baseUrl: other.url });
      for (const market of Object.keys(INDEX)) {
        const a = await client.orderbook(market);
        const b = await otherClient.orderbook(market);
        assert.deepEqual({ ...a, timestamp: 0 }, { ...b, timestamp: 0 });
      }
    } finally {
      await other.stop();
    }
  });
});
