import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcClient } from '@txc/sdk';
import { admin, type Target } from '../durability/traffic.js';
import { leading } from '../durability/venue-processes.js';
import { bookFollowsRandomOrders, successAnswers, tradeSeenByWatchTrades } from '../support/ccxt-pro-watch.js';
import { eventually } from '../support/eventually.js';
import { whitebitProAt, type WhitebitPro } from '../support/ccxt-whitebit.js';
import type { ChildServer } from '../support/child-server.js';
import { natsSkipReason } from '../support/nats.js';
import { postgresSkipReason } from '../support/postgres.js';
import { startGatewayCluster, type GatewayCluster } from './gateway-cluster.js';

interface Key {
  readonly apiKey: string;
  readonly secret: string;
}

/** A user funded on its spot account, with a key of its own and an SDK client on `gateway` signing with another. */
async function userOn(
  gateway: Target,
  name: string,
  spot: Record<string, string>,
): Promise<{ client: TxcClient; key: Key }> {
  assert.equal((await admin(gateway, 'POST', '/admin/v1/users', { name })).status, 201);
  for (const [ticker, amount] of Object.entries(spot)) {
    const funded = await admin(gateway, 'POST', '/admin/v1/deposits', { user: name, ticker, amount });
    assert.equal(funded.status, 201, JSON.stringify(funded.body));
  }
  const newKey = async (): Promise<Key> => {
    const made = await admin(gateway, 'POST', `/admin/v1/users/${name}/api-keys`, {
      permissions: ['trading', 'main-account'],
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const { apiKey, apiSecret } = made.body as { apiKey: string; apiSecret: string };
    return { apiKey, secret: apiSecret };
  };
  // ccxt's nonces and the SDK's are both timestamps: on one key they could meet within a millisecond
  const [key, own] = [await newKey(), await newKey()];
  const client = new TxcClient({ baseUrl: gateway.url, apiKey: own.apiKey, apiSecret: own.secret });
  for (const [ticker, amount] of Object.entries(spot)) {
    assert.deepEqual(await client.transfer({ ticker, amount, from: 'main', to: 'spot' }), []);
  }
  return { client, key };
}

interface CcxtOrder {
  id: string;
  status: string;
  side: string;
  type: string;
  price: number;
  amount: number;
  filled: number;
  remaining: number;
  symbol: string;
}

interface CcxtTrade {
  id: string;
  order?: string;
  price: number;
  amount: number;
  side: string;
  symbol: string;
  takerOrMaker?: string;
  fee?: { cost: number; currency: string };
}

describe('ccxt pro whitebit, unchanged, against a cluster: REST on one gateway, the socket on the other', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  if (skip !== undefined) {
    it('runs against a real PostgreSQL and NATS', { skip }, () => undefined);
    return;
  }
  let cluster: GatewayCluster;
  let nodeA: ChildServer;
  let nodeB: ChildServer;
  let g1: ChildServer;
  let g2: ChildServer;
  /** Public channels only. */
  let market: WhitebitPro;
  /** Alice's key: the account channels. */
  let account: WhitebitPro;
  let answers: () => number;
  let maker: TxcClient;
  let taker: TxcClient;
  let alice: TxcClient;
  let bob: TxcClient;
  let stopped = false;
  const loops: Promise<void>[] = [];

  before(async () => {
    cluster = await startGatewayCluster('ccxt-pro-gateways');
    ({ nodeA, nodeB, g1, g2 } = cluster);
    ({ client: maker } = await userOn(g1, 'promaker', { BTC: '10', USDT: '1000000' }));
    ({ client: taker } = await userOn(g1, 'protaker', { BTC: '10', USDT: '1000000' }));
    ({ client: bob } = await userOn(g1, 'probob', { ETH: '50', USDT: '100000' }));
    const made = await userOn(g1, 'proalice', { ETH: '10', USDT: '100000' });
    alice = made.client;
    market = await whitebitProAt(g1, {}, g2);
    account = await whitebitProAt(g1, made.key, g2);
    answers = successAnswers(account);
  });
  after(async () => {
    stopped = true;
    await Promise.all([market?.close(), account?.close()]);
    await Promise.all(loops);
    await cluster?.destroy();
  });

  it('watchOrderBook: an order placed through REST shows; the book ccxt keeps is the REST book', async () => {
    await maker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '29000' });
    const book = await market.watchOrderBook('BTC/USDT');
    // the socket's gateway may apply the order after the snapshot: it then comes as the next update
    await eventually('the first bid in ccxt', () => JSON.stringify(book.bids[0]) === '[29000,0.1]');
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.2', price: '31000' });
    const bestAsk = (): number | undefined => (market.orderbooks['BTC/USDT']?.asks as number[][] | undefined)?.[0]?.[0];
    await eventually('the new ask in ccxt', () => bestAsk() === 31000);

    await bookFollowsRandomOrders(market, [maker, taker], 11, 30000);
  });

  it('watchTrades: a trade made through REST', async () => {
    await tradeSeenByWatchTrades(market, maker, taker);
  });

  it('watchTicker: the 24-hour figures', async () => {
    const ticker = await market.watchTicker('BTC/USDT');
    assert.equal(ticker.symbol, 'BTC/USDT');
    const rest = await maker.marketTicker('BTC_USDT');
    assert.equal(ticker.last, Number((rest as { result: { last: string } }).result.last));
    assert.ok((ticker.baseVolume ?? 0) > 0);
  });

  it('watchBalance: the REST snapshot, then what an order holds', async () => {
    const watching = account.watchBalance();
    // authorize and balanceSpot_subscribe answered
    await eventually('the balance subscription', () => answers() >= 2);
    const snapshot = account.balance as unknown as Record<string, { free: number; used: number } | undefined>;
    assert.deepEqual([snapshot.USDT?.free, snapshot.USDT?.used], [100000, 0]);
    assert.deepEqual([snapshot.ETH?.free, snapshot.ETH?.used], [10, 0]);
    await alice.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '0.5', price: '2000' });
    const balance = await watching;
    const rest = await alice.tradeBalance('USDT');
    assert.deepEqual([balance.USDT?.free, balance.USDT?.used], [Number(rest.available), Number(rest.freeze)]);
    assert.deepEqual([balance.USDT?.free, balance.USDT?.used], [98999, 1001]);
    assert.deepEqual([balance.ETH?.free, balance.ETH?.used], [10, 0]);
  });

  const cachedOrder = (id: string): CcxtOrder | undefined =>
    (account.orders as unknown as CcxtOrder[] | undefined)?.find((o) => o.id === id);

  it('watchOrders: a cancel through ccxt’s REST is canceled, a partial fill open with what filled', async () => {
    const watching = account.watchOrders('ETH/USDT');
    await eventually('the orders subscription', () => answers() >= 3);
    const [resting] = await alice.activeOrders({ market: 'ETH_USDT' });
    assert.ok(resting !== undefined);
    await account.cancelOrder(String(resting.orderId), 'ETH/USDT');
    await watching;
    await eventually('the cancelled order in ccxt', () => cachedOrder(String(resting.orderId))?.status === 'canceled');
    const cancelled = cachedOrder(String(resting.orderId));
    assert.deepEqual(
      [cancelled?.symbol, cancelled?.side, cancelled?.type, cancelled?.price, cancelled?.amount, cancelled?.filled],
      ['ETH/USDT', 'buy', 'limit', 2000, 0.5, 0],
    );

    const partial = await account.createOrder('ETH/USDT', 'limit', 'buy', 0.3, 2000);
    await bob.orderNew({ market: 'ETH_USDT', side: 'sell', amount: '0.1', price: '2000' });
    await eventually('the partial fill in ccxt', () => cachedOrder(String(partial.id))?.filled === 0.1);
    const open = cachedOrder(String(partial.id));
    assert.deepEqual([open?.status, open?.remaining, open?.amount], ['open', 0.2, 0.3]);
  });

  it('watchMyTrades: a fill as REST executed-history lists it', async () => {
    const watching = account.watchMyTrades('ETH/USDT');
    await eventually('the deals subscription', () => answers() >= 4);
    await bob.orderNew({ market: 'ETH_USDT', side: 'sell', amount: '0.05', price: '2000' });
    await watching;
    const [rest] = (await alice.executedHistory({ market: 'ETH_USDT', limit: 1 })) as unknown as [
      { id: number; orderId: number; fee: string },
    ];
    const trades = (): CcxtTrade[] => (account.myTrades as unknown as CcxtTrade[] | undefined) ?? [];
    await eventually('the trade in ccxt', () => trades().some((t) => t.id === String(rest.id)));
    const trade = trades().find((t) => t.id === String(rest.id));
    assert.deepEqual(
      [
        trade?.order,
        trade?.price,
        trade?.amount,
        trade?.side,
        trade?.takerOrMaker,
        trade?.fee?.cost,
        trade?.fee?.currency,
      ],
      [String(rest.orderId), 2000, 0.05, 'buy', 'maker', Number(rest.fee), 'USDT'],
    );
  });

  it('watch loops go on across the leader’s kill -9: the next order and trade arrive', async () => {
    const orders: CcxtOrder[] = [];
    const trades: CcxtTrade[] = [];
    const failures: unknown[] = [];
    /** A user's loop: watch, keep what came, watch again; an error is noted and the loop goes on. */
    const loop = <T>(watch: () => Promise<T[]>, into: T[]): void => {
      loops.push(
        (async () => {
          while (!stopped) {
            try {
              into.push(...(await watch()));
            } catch (e) {
              if (!stopped) failures.push(e);
            }
          }
        })(),
      );
    };
    loop(() => account.watchOrders('ETH/USDT') as unknown as Promise<CcxtOrder[]>, orders);
    loop(() => market.watchTrades('ETH/USDT') as unknown as Promise<CcxtTrade[]>, trades);
    // both subscribed before the kill: ordersPending was already; the market's trades answer now
    await market.watchTrades('ETH/USDT');

    await nodeA.crash();
    await leading(nodeB);
    const placed = await account.createOrder('ETH/USDT', 'limit', 'buy', 0.1, 2100);
    await eventually('the order placed after the failover', () => orders.some((o) => o.id === placed.id));
    await bob.orderNew({ market: 'ETH_USDT', side: 'sell', amount: '0.1', price: '2100' });
    await eventually('the fill of that order', () =>
      orders.some((o) => o.id === placed.id && o.status === 'closed' && o.filled === 0.1),
    );
    await eventually('the trade made by the new leader', () => trades.some((t) => t.price === 2100));
    const trade = trades.find((t) => t.price === 2100);
    assert.deepEqual([trade?.symbol, trade?.amount, trade?.side], ['ETH/USDT', 0.1, 'sell']);
    assert.deepEqual(failures, []);
  });
});
