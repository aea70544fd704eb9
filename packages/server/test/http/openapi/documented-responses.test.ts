import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ENDPOINTS, TxcClient } from '@txc/sdk';
import { OCO_BUY } from '../../support/collateral.js';
import { OpenApiValidator } from '../../support/openapi-validator.js';
import { recordingFetch, type Exchange } from '../../support/recording-fetch.js';
import { TestServer } from '../../support/test-server.js';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * Every endpoint, called for real, answers what /openapi.json documents for it: success bodies and
 * error bodies of both families, with no field the document does not name.
 */
describe('the OpenAPI document describes the real answers of every endpoint', () => {
  let server: TestServer;
  const log: Exchange[] = [];
  let validator: OpenApiValidator;

  before(async () => {
    server = await TestServer.start({
      demo: true,
      subAccounts: { kycUrl: 'https://kyc.example.com/verify/{id}?expires={expires}', kycUrlTtlSeconds: 3600 },
    });
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as ConstructorParameters<
      typeof OpenApiValidator
    >[0];
    validator = new OpenApiValidator(doc);
    const { apiKey, apiSecret } = await server.user('alice', { deposits: { USDT: '100000', BTC: '2' } });
    const fetchImpl = recordingFetch(log);
    const alice = new TxcClient({ baseUrl: server.url, apiKey, apiSecret, fetch: fetchImpl });
    const anon = new TxcClient({ baseUrl: server.url, fetch: fetchImpl });
    const forged = new TxcClient({ baseUrl: server.url, apiKey, apiSecret: 'not the secret', fetch: fetchImpl });
    const ignore = (p: Promise<unknown>): Promise<unknown> => p.catch(() => undefined);

    // public market data
    await anon.ping();
    await anon.time();
    await anon.platformStatus();
    await anon.markets();
    await anon.ticker();
    await anon.marketTicker('BTC_USDT');
    await anon.orderbook('BTC_USDT', { limit: 5 });
    await anon.orderbookDepth('BTC_USDT');
    await anon.trades('BTC_USDT');
    await anon.collateralMarkets();
    await anon.assets();
    await anon.fees();
    await ignore(anon.orderbook('NOPE_USDT'));
    await ignore(anon.marketTicker(''));
    await ignore(anon.kline('BTC_USDT', { interval: '2m' }));
    for (const path of ['markets', 'tickers', 'symbols']) await anon.publicGet(`/api/v1/public/${path}`);
    await anon.publicGet('/api/v1/public/depth/result', { market: 'BTC_USDT', limit: 5 });
    await anon.publicGet('/api/v1/public/history', { market: 'BTC_USDT', lastId: 0 });
    await ignore(anon.publicGet('/api/v1/public/history', { market: 'BTC_USDT' }));
    for (const path of ['markets', 'ticker', 'fee', 'assets', 'depth/BTC_USDT', 'trades/BTC_USDT']) {
      await anon.publicGet(`/api/v2/public/${path}`);
    }
    await ignore(anon.publicGet('/api/v2/public/depth/NOPE_USDT'));

    // main account and spot account
    await alice.mainBalances();
    await alice.mainBalance('BTC');
    await alice.accountFees();
    await alice.websocketToken();
    await alice.transfer({ ticker: 'USDT', amount: '50000', from: 'main', to: 'spot' });
    await alice.transfer({ ticker: 'BTC', amount: '1', from: 'main', to: 'spot' });
    await alice.tradeBalances();
    await alice.tradeBalance('USDT');
    await ignore(alice.transfer({ ticker: 'USDT', amount: '99999999', from: 'main', to: 'spot' }));
    await ignore(forged.mainBalances());

    // spot trading
    const resting = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '50000' });
    await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '90000', clientOrderId: 'ask-1' });
    const bought = await alice.orderMarket({ market: 'BTC_USDT', side: 'buy', amount: '100' });
    await alice.orderStockMarket({ market: 'BTC_USDT', side: 'sell', amount: '0.001' });
    await alice.orderStopLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '70000',
      activation_price: '70000',
    });
    await alice.orderStopMarket({ market: 'BTC_USDT', side: 'sell', amount: '0.001', activation_price: '50000' });
    await alice.activeOrders({ market: 'BTC_USDT' });
    const [moved] = await alice.orderModify({ market: 'BTC_USDT', orderId: resting.orderId, price: '49000' });
    await ignore(alice.orderModify({ market: 'BTC_USDT', orderId: resting.orderId, price: '49000' }));
    await alice.orderCancel({ market: 'BTC_USDT', orderId: moved.orderId });
    await alice.orderBulk({
      orders: [
        { market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '40000', clientOrderId: 'bulk-1' },
        { market: 'BTC_USDT', side: 'up', amount: '0.01', price: '40000' },
      ],
    });
    await ignore(alice.orderBulk({ orders: [] }));
    await alice.orderCancelBulk({ orders: [{ market: 'BTC_USDT', clientOrderId: 'bulk-1' }, { market: 'BTC_USDT' }] });
    await ignore(alice.orderCancelBulk({ orders: [] }));
    await alice.privatePost('/api/v4/order/kill-switch', { market: 'BTC_USDT', timeout: 600 });
    await alice.privatePost('/api/v4/order/kill-switch/status', {});
    await alice.privatePost('/api/v4/order/kill-switch', { market: 'BTC_USDT', timeout: null });
    await ignore(alice.privatePost('/api/v4/order/kill-switch', { market: 'BTC_USDT' }));
    await alice.orderCancelAll({ market: 'BTC_USDT' });
    await alice.orderHistory({ market: 'BTC_USDT' });
    await alice.orderHistory();
    await alice.executedHistory({ market: 'BTC_USDT' });
    await alice.executedHistory();
    await alice.orderDeals({ orderId: bought.orderId });
    // candles of the trades just made
    await anon.kline('BTC_USDT', { interval: '1m', limit: 5 });
    await ignore(alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '1000', price: '50000' }));
    await ignore(alice.orderNew({ market: 'BTC_USDT', side: 'up' }));
    await ignore(alice.orderCancel({ market: 'BTC_USDT', orderId: 999_999 }));
    await server.admin('POST', '/admin/v1/users/alice/fees', { market: 'ETH_USDT', makerFee: '0', takerFee: '0.05' });
    await alice.privatePost('/api/v4/market/fee', {});
    await alice.privatePost('/api/v4/market/fee/single', { market: 'BTC_USDT' });
    await ignore(alice.privatePost('/api/v4/market/fee/single', { market: 'NOPE_USDT' }));

    // collateral trading
    await alice.transfer({ ticker: 'USDT', amount: '20000', from: 'main', to: 'collateral' });
    await alice.hedgeMode();
    await alice.setHedgeMode(true);
    await alice.setHedgeMode(false);
    await alice.setLeverage(5);
    const protectedBuy = await alice.collateralLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '50000',
      stopLoss: '45000',
      takeProfit: '55000',
    });
    await alice.otoCancel({ market: 'BTC_USDT', otoId: protectedBuy.oto?.otoId ?? 0 });
    await alice.collateralMarket({ market: 'BTC_USDT', side: 'buy', amount: '0.01' });
    await alice.collateralTriggerMarket({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      activation_price: '80000',
    });
    await alice.collateralStopLimit({
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.001',
      price: '40000',
      activation_price: '40000',
    });
    // OCO groups: one cancelled as an OCO group, one by the id conditional-orders lists
    const ocoByGroup = await alice.collateralOco({ ...OCO_BUY, clientOrderId: 'oco-1' });
    const ocoById = await alice.collateralOco(OCO_BUY);
    // both groups listed, so the documented shape of a listed group is checked, not just an empty list
    assert.equal(((await alice.ocoOrders({ market: 'BTC_USDT' })) as unknown[]).length, 2);
    assert.equal(((await alice.conditionalOrders({})) as { records: unknown[] }).records.length, 2);
    await alice.orderOcoCancel({ market: 'BTC_USDT', orderId: ocoByGroup.id });
    await alice.orderConditionalCancel({ market: 'BTC_USDT', id: ocoById.id });
    await ignore(alice.orderOcoCancel({ market: 'BTC_USDT', orderId: ocoByGroup.id }));
    await alice.collateralSummary();
    await alice.collateralBalance();
    await alice.collateralBalanceSummary();
    await alice.openPositions();
    await alice.positionHistory();
    await alice.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.001', price: '61000' });
    await server.admin('POST', '/admin/v1/funding/settle', { market: 'BTC_PERP' });
    await anon.futures();
    await anon.fundingHistory('BTC_PERP', { limit: 10 });
    await ignore(anon.fundingHistory('BTC_USDT'));
    await alice.collateralFundingHistory({ market: 'BTC_PERP' });
    await ignore(alice.collateralFundingHistory({ limit: 0 }));
    await ignore(alice.privatePost('/api/v4/collateral-account/summary', { market: 'BTC_USDT' }));
    await ignore(alice.setLeverage(7));

    // deposits and withdrawals
    await alice.depositAddress({ ticker: 'BTC' });
    await alice.createDepositAddress({ ticker: 'BTC' });
    await alice.withdraw({ ticker: 'BTC', amount: '0.01', address: BTC_ADDRESS, uniqueId: 'w-1' });
    await alice.withdrawPay({ ticker: 'BTC', amount: '0.01', address: BTC_ADDRESS, uniqueId: 'w-2' });
    await alice.walletHistory({ limit: 10 });
    await ignore(alice.withdraw({ ticker: 'NOPE', amount: '1', address: BTC_ADDRESS, uniqueId: 'w-3' }));

    // codes
    const bob = new TxcClient({ baseUrl: server.url, ...(await server.user('bob')), fetch: fetchImpl });
    const { code } = await alice.privatePost<{ code: string }>('/api/v4/main-account/codes', {
      ticker: 'USDT',
      amount: '5',
    });
    await bob.privatePost('/api/v4/main-account/codes/apply', { code });
    await ignore(bob.privatePost('/api/v4/main-account/codes/apply', { code }));
    await ignore(alice.privatePost('/api/v4/main-account/codes', { ticker: 'USDT', amount: '99999999' }));
    await alice.privatePost('/api/v4/main-account/codes/my', {});
    await bob.privatePost('/api/v4/main-account/codes/history', { limit: 5 });

    // mining pool
    await alice.createMiningAccount('alice_miner');
    await alice.miningAccounts();
    await alice.miningPayoutDestination('alice_miner');
    await alice.setMiningPayoutDestination('alice_miner', 'external_address', BTC_ADDRESS);
    await alice.miningRewards({ account: 'alice_miner' });
    await ignore(alice.miningPayoutDestination('nobody'));
    // sub-accounts
    const permissions = { spotEnabled: true, collateralEnabled: false };
    const sub = await alice.privatePost<{ id: string }>('/api/v4/sub-account/create', {
      alias: 'desk',
      email: 'desk@example.com',
      permissions,
    });
    await alice.privatePost('/api/v4/sub-account/list', {});
    await alice.privatePost('/api/v4/sub-account/edit', { id: sub.id, alias: 'desk-2', permissions });
    const subMove = { id: sub.id, ticker: 'USDT', amount: '1' };
    await alice.privatePost('/api/v4/sub-account/transfer', { ...subMove, direction: 'main_to_sub' });
    await alice.privatePost('/api/v4/sub-account/balances', { id: sub.id });
    await alice.privatePost('/api/v4/sub-account/transfer/history', { id: sub.id });
    await alice.privatePost('/api/v4/sub-account/block', { id: sub.id });
    await alice.privatePost('/api/v4/sub-account/unblock', { id: sub.id });
    const subKeys = '/api/v4/sub-account/api-key';
    const key = await alice.privatePost<{ id: string }>(`${subKeys}/create`, {
      type: 1,
      subAccountId: sub.id,
      title: 'bot',
    });
    await alice.privatePost(`${subKeys}/list`, { subAccountId: sub.id });
    const urls = [{ url: '/api/v4/main-account/balance', enable: true }];
    await alice.privatePost(`${subKeys}/edit`, { apiKeyId: key.id, title: 'bot 2', urls });
    await ignore(alice.privatePost(`${subKeys}/edit`, { apiKeyId: key.id, title: 'x', urls: [{ url: '/nope' }] }));
    await alice.privatePost(`${subKeys}/ip-address/create`, { apiKeyId: key.id, ip: '192.0.2.1' });
    await ignore(alice.privatePost(`${subKeys}/ip-address/create`, { apiKeyId: key.id, ip: '192.0.2.1' }));
    await alice.privatePost(`${subKeys}/ip-address/list`, { apiKeyId: key.id });
    await alice.privatePost(`${subKeys}/ip-address/delete`, { apiKeyId: key.id, ip: '192.0.2.1' });
    await alice.privatePost(`${subKeys}/reset`, { apiKeyId: key.id });
    await alice.privatePost(`${subKeys}/delete`, { apiKeyId: key.id });
    await ignore(alice.privatePost(`${subKeys}/delete`, { apiKeyId: key.id }));
    // a sub-account's withdrawal waits for alice, who lists and confirms it
    await alice.privatePost('/api/v4/sub-account/transfer', {
      id: sub.id,
      ticker: 'BTC',
      amount: '0.1',
      direction: 'main_to_sub',
    });
    const subKey = (await server.admin('POST', `/admin/v1/users/${sub.id}/api-keys`, { permissions: ['withdraw'] }))
      .body as {
      apiKey: string;
      apiSecret: string;
    };
    const desk = new TxcClient({ baseUrl: server.url, ...subKey, fetch: fetchImpl });
    await desk.withdraw({ ticker: 'BTC', amount: '0.01', address: BTC_ADDRESS, uniqueId: 'sub-w-1' });
    const held = await alice.privatePost<{ data: { id: string }[] }>(
      '/api/v4/sub-account/withdraw/unconfirmed-list',
      {},
    );
    await alice.privatePost('/api/v4/sub-account/withdraw/confirm', { id: held.data[0]?.id });
    await ignore(alice.privatePost('/api/v4/sub-account/withdraw/confirm', { id: held.data[0]?.id }));
    await ignore(alice.privatePost('/api/v4/sub-account/withdraw/unconfirmed-list', { limit: 0 }));
    await alice.privatePost('/api/v4/sub-account/kyc-url', { id: sub.id });
    await ignore(alice.privatePost('/api/v4/sub-account/kyc-url', { id: 'nope' }));
    await ignore(alice.privatePost('/api/v4/sub-account/delete', { id: sub.id }));
    await alice.privatePost('/api/v4/sub-account/transfer', { ...subMove, direction: 'sub_to_main' });
    const gone = await alice.privatePost<{ id: string }>('/api/v4/sub-account/create', {
      alias: 'gone',
      email: 'gone@example.com',
      permissions,
    });
    await alice.privatePost('/api/v4/sub-account/delete', { id: gone.id });
    await ignore(alice.privatePost('/api/v4/sub-account/create', {}));
  });
  after(() => server.stop());

  it('every answer, success or error, matches its documented schema', () => {
    const failures = [...new Set(log.flatMap((x) => validator.errors(x.method, x.path, x.status, x.body)))];
    assert.deepEqual(failures, []);
  });

  it('the scenario reached every endpoint of the contract with a success', () => {
    const reached = new Set(
      log.filter((x) => x.status < 300).map((x) => `${x.method} ${validator.template(x.path) ?? x.path}`),
    );
    const missing = ENDPOINTS.map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`).filter(
      (e) => !reached.has(e),
    );
    assert.deepEqual(missing, []);
  });

  it('error answers of both families were checked', () => {
    const families = new Set(
      log.filter((x) => x.status >= 400).map((x) => (x.path.includes('/public/') ? 'public' : 'private')),
    );
    assert.deepEqual([...families].sort(), ['private', 'public']);
  });
});
