import { ADDRESSES } from './wallet-server.js';

/** What a sample learned from an earlier answer (an order id) for a later one to use. */
export type SampleIds = Record<string, number | string | undefined>;

export interface PublicSample {
  readonly kind: 'public';
  /** The SDK endpoint's path pattern. */
  readonly path: string;
  /** The concrete path called. */
  readonly url: string;
  readonly query: Readonly<Record<string, string>>;
}

export interface PrivateSample {
  readonly kind: 'private';
  readonly path: string;
  /** The endpoint's own fields (besides `request` and `nonce`). */
  readonly body: (ids: SampleIds) => Record<string, unknown>;
  readonly keep?: (answer: unknown, ids: SampleIds) => void;
  /** It changes what the engine state does not hold (API keys): not to be sent twice. */
  readonly writes?: true;
}

export type Sample = PublicSample | PrivateSample;

function orderIdOf(answer: unknown): number | undefined {
  const id = (answer as { orderId?: unknown } | null)?.orderId;
  return typeof id === 'number' ? id : undefined;
}

const pub = (path: string, url: string = path, query: Record<string, string> = {}): PublicSample => ({
  kind: 'public',
  path,
  url,
  query,
});

const priv = (
  path: string,
  body: PrivateSample['body'] | Record<string, unknown>,
  keep?: PrivateSample['keep'],
): PrivateSample => ({
  kind: 'private',
  path,
  body: typeof body === 'function' ? body : () => body,
  ...(keep === undefined ? {} : { keep }),
});

/** A sample that changes API keys, which the engine state does not hold. */
const keyWrite = (...args: Parameters<typeof priv>): PrivateSample => ({ ...priv(...args), writes: true });

/**
 * A well-formed request for every endpoint, in an order that makes each meaningful: funds moved
 * before orders, orders placed before they are cancelled or read. Run on a venue where `SAMPLE_USER`
 * holds SAMPLE_DEPOSITS and the index prices are set. Not all of them succeed (a collateral market
 * order finds no book); what matters is that they are the same request with or without extra fields.
 */
export const SAMPLES: readonly Sample[] = [
  pub('/api/v4/public/ping'),
  pub('/api/v4/public/time'),
  pub('/api/v4/public/platform/status'),
  pub('/api/v4/public/markets'),
  pub('/api/v4/public/ticker'),
  pub('/api/v4/public/orderbook/:market', '/api/v4/public/orderbook/BTC_USDT', { limit: '10', level: '0' }),
  pub('/api/v4/public/orderbook/depth/:market', '/api/v4/public/orderbook/depth/BTC_USDT'),
  pub('/api/v4/public/trades/:market', '/api/v4/public/trades/BTC_USDT', { type: 'buy' }),
  pub('/api/v4/public/collateral/markets'),
  pub('/api/v4/public/futures'),
  pub('/api/v4/public/funding-history/:market', '/api/v4/public/funding-history/BTC_PERP', { limit: '10' }),
  pub('/api/v4/public/assets'),
  pub('/api/v4/public/fee'),
  pub('/api/v1/public/ticker', '/api/v1/public/ticker', { market: 'BTC_USDT' }),
  pub('/api/v1/public/kline', '/api/v1/public/kline', { market: 'BTC_USDT', interval: '1m', limit: '10' }),
  pub('/api/v1/public/markets'),
  pub('/api/v1/public/tickers'),
  pub('/api/v1/public/symbols'),
  pub('/api/v1/public/depth/result', '/api/v1/public/depth/result', { market: 'BTC_USDT', limit: '10' }),
  pub('/api/v1/public/history', '/api/v1/public/history', { market: 'BTC_USDT', lastId: '0', limit: '10' }),
  pub('/api/v2/public/markets'),
  pub('/api/v2/public/ticker'),
  pub('/api/v2/public/depth/:market', '/api/v2/public/depth/BTC_USDT'),
  pub('/api/v2/public/trades/:market', '/api/v2/public/trades/BTC_USDT'),
  pub('/api/v2/public/fee'),
  pub('/api/v2/public/assets'),

  priv('/api/v4/main-account/balance', { ticker: 'BTC' }),
  priv('/api/v4/main-account/fee', {}),
  priv('/api/v4/main-account/transfer', { ticker: 'USDT', amount: '200000', from: 'main', to: 'spot' }),
  priv('/api/v4/main-account/transfer', { ticker: 'BTC', amount: '2', from: 'main', to: 'spot' }),
  priv('/api/v4/main-account/transfer', { ticker: 'USDT', amount: '200000', from: 'main', to: 'collateral' }),
  priv(
    '/api/v4/order/new',
    { market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '50000', client_order_id: 'sample-buy' },
    (a, ids) => (ids.buy = orderIdOf(a)),
  ),
  priv(
    '/api/v4/order/new',
    { market: 'BTC_USDT', side: 'sell', amount: '0.02', price: '70000' },
    (a, ids) => (ids.sell = orderIdOf(a)),
  ),
  priv('/api/v4/order/market', { market: 'BTC_USDT', side: 'buy', amount: '100' }),
  priv('/api/v4/order/stock_market', { market: 'BTC_USDT', side: 'sell', amount: '0.001' }),
  priv('/api/v4/order/stop_limit', {
    market: 'BTC_USDT',
    side: 'buy',
    amount: '0.001',
    price: '71000',
    activation_price: '71000',
  }),
  priv('/api/v4/order/stop_market', { market: 'BTC_USDT', side: 'sell', amount: '0.001', activation_price: '40000' }),
  priv('/api/v4/orders', { market: 'BTC_USDT' }),
  priv('/api/v4/order/cancel', (ids) => ({ market: 'BTC_USDT', orderId: ids.buy })),
  priv(
    '/api/v4/order/modify',
    (ids) => ({ market: 'BTC_USDT', orderId: ids.sell, price: '71000' }),
    (a, ids) => (ids.sell = orderIdOf(Array.isArray(a) ? a[0] : undefined)),
  ),
  priv('/api/v4/order/bulk', {
    orders: [
      { market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '40000', clientOrderId: 'sample-bulk' },
      { market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '39000' },
    ],
  }),
  priv('/api/v4/order/cancel/bulk', { orders: [{ market: 'BTC_USDT', clientOrderId: 'sample-bulk' }] }),
  priv('/api/v4/order/kill-switch', { market: 'BTC_USDT', timeout: '600', types: ['spot'] }),
  priv('/api/v4/order/kill-switch/status', { market: 'BTC_USDT' }),
  priv('/api/v4/trade-account/balance', {}),
  priv('/api/v4/trade-account/order/history', { market: 'BTC_USDT' }),
  priv('/api/v4/trade-account/executed-history', { market: 'BTC_USDT' }),
  priv('/api/v4/trade-account/order', (ids) => ({ orderId: ids.sell })),
  priv('/api/v4/order/cancel/all', { market: 'BTC_USDT' }),
  priv('/api/v4/market/fee', { market: 'BTC_USDT' }),
  priv('/api/v4/market/fee/single', { market: 'BTC_PERP' }),
  priv('/api/v4/collateral-account/leverage', { leverage: 5 }),
  priv('/api/v4/collateral-account/hedge-mode', {}),
  priv('/api/v4/collateral-account/hedge-mode/update', { hedgeMode: false }),
  priv(
    '/api/v4/order/collateral/limit',
    { market: 'BTC_PERP', side: 'buy', amount: '0.01', price: '50000', stopLoss: '45000' },
    (a, ids) => (ids.oto = (a as { oto?: { otoId?: number } } | null)?.oto?.otoId),
  ),
  priv('/api/v4/order/collateral/market', { market: 'BTC_PERP', side: 'sell', amount: '0.001' }),
  priv('/api/v4/order/collateral/trigger-market', {
    market: 'BTC_PERP',
    side: 'buy',
    amount: '0.001',
    activation_price: '65000',
  }),
  priv('/api/v4/order/collateral/stop-limit', {
    market: 'BTC_PERP',
    side: 'buy',
    amount: '0.001',
    price: '65000',
    activation_price: '65000',
  }),
  priv('/api/v4/order/oto-cancel', (ids) => ({ market: 'BTC_PERP', otoId: ids.oto })),
  priv(
    '/api/v4/order/collateral/oco',
    {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      price: '40000',
      activation_price: '70000',
      stop_limit_price: '70500',
    },
    (a, ids) => (ids.oco = (a as { id?: number } | null)?.id),
  ),
  priv('/api/v4/oco-orders', { market: 'BTC_PERP', limit: 10, offset: 0 }),
  priv('/api/v4/conditional-orders', { market: 'BTC_PERP', limit: 10, offset: 0 }),
  priv('/api/v4/order/oco-cancel', (ids) => ({ market: 'BTC_PERP', orderId: ids.oco })),
  priv(
    '/api/v4/order/collateral/oco',
    {
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.001',
      price: '70000',
      activation_price: '40000',
      stop_limit_price: '39500',
    },
    (a, ids) => (ids.conditional = (a as { id?: number } | null)?.id),
  ),
  priv('/api/v4/order/conditional-cancel', (ids) => ({ market: 'BTC_PERP', id: ids.conditional })),
  priv('/api/v4/collateral-account/summary', {}),
  priv('/api/v4/collateral-account/balance', {}),
  priv('/api/v4/collateral-account/balance-summary', {}),
  priv('/api/v4/collateral-account/positions/open', {}),
  priv('/api/v4/collateral-account/positions/history', {}),
  priv('/api/v4/collateral-account/funding-history', { market: 'BTC_PERP' }),
  priv('/api/v4/main-account/address', { ticker: 'BTC' }),
  priv('/api/v4/main-account/create-new-address', { ticker: 'BTC' }),
  priv('/api/v4/main-account/withdraw', {
    ticker: 'BTC',
    amount: '0.01',
    address: ADDRESSES.bitcoin,
    uniqueId: 'sample-w1',
  }),
  priv('/api/v4/main-account/withdraw-pay', {
    ticker: 'BTC',
    amount: '0.01',
    address: ADDRESSES.bitcoin,
    uniqueId: 'sample-w2',
  }),
  priv('/api/v4/main-account/history', {}),
  // no passphrase: its digest, salted with the random code, would differ between two venues
  priv('/api/v4/main-account/codes', { ticker: 'USDT', amount: '10', description: 'sample' }),
  priv('/api/v4/main-account/codes/apply', { code: 'WBsample-unknown', passphrase: 'sample!' }),
  priv('/api/v4/main-account/codes/my', { limit: 10 }),
  priv('/api/v4/main-account/codes/history', { limit: 10, offset: 0 }),
  priv('/api/v4/mining/accounts/create', { name: 'sampleminer' }),
  priv('/api/v4/mining/accounts', {}),
  priv('/api/v4/mining/payout-destination', { accountName: 'sampleminer' }),
  priv('/api/v4/mining/payout-destination/edit', { accountName: 'sampleminer', destination: 'main_balance' }),
  priv('/api/v4/mining/rewards', {}),
  priv('/api/v4/profile/websocket_token', {}),
  priv(
    '/api/v4/sub-account/create',
    { alias: 'sample-desk', email: 'desk@example.com', permissions: { spotEnabled: true, collateralEnabled: false } },
    (a, ids) => (ids.sub = (a as { id?: string } | null)?.id),
  ),
  priv('/api/v4/sub-account/list', { search: 'sample', limit: 10 }),
  priv('/api/v4/sub-account/edit', (ids) => ({
    id: ids.sub,
    alias: 'sample-desk-2',
    permissions: { spotEnabled: true, collateralEnabled: true },
  })),
  priv('/api/v4/sub-account/transfer', (ids) => ({
    id: ids.sub,
    direction: 'main_to_sub',
    ticker: 'USDT',
    amount: '5',
  })),
  priv('/api/v4/sub-account/balances', (ids) => ({ id: ids.sub, ticker: 'USDT' })),
  priv('/api/v4/sub-account/transfer/history', (ids) => ({ id: ids.sub, limit: 10 })),
  priv('/api/v4/sub-account/block', (ids) => ({ id: ids.sub })),
  priv('/api/v4/sub-account/unblock', (ids) => ({ id: ids.sub })),
  priv('/api/v4/sub-account/transfer', (ids) => ({
    id: ids.sub,
    direction: 'sub_to_main',
    ticker: 'USDT',
    amount: '5',
  })),
  keyWrite(
    '/api/v4/sub-account/api-key/create',
    (ids) => ({ type: 1, subAccountId: ids.sub, title: 'sample bot' }),
    (a, ids) => (ids.subKey = (a as { id?: string } | null)?.id),
  ),
  priv('/api/v4/sub-account/api-key/list', (ids) => ({ subAccountId: ids.sub, limit: 10 })),
  keyWrite('/api/v4/sub-account/api-key/edit', (ids) => ({
    apiKeyId: ids.subKey,
    title: 'sample bot 2',
    urls: [{ url: '/api/v4/main-account/withdraw', enable: false }],
  })),
  keyWrite('/api/v4/sub-account/api-key/ip-address/create', (ids) => ({ apiKeyId: ids.subKey, ip: '192.0.2.7' })),
  priv('/api/v4/sub-account/api-key/ip-address/list', (ids) => ({ apiKeyId: ids.subKey })),
  keyWrite('/api/v4/sub-account/api-key/ip-address/delete', (ids) => ({ apiKeyId: ids.subKey, ip: '192.0.2.7' })),
  keyWrite('/api/v4/sub-account/api-key/reset', (ids) => ({ apiKeyId: ids.subKey })),
  keyWrite('/api/v4/sub-account/api-key/delete', (ids) => ({ apiKeyId: ids.subKey })),
  priv('/api/v4/sub-account/withdraw/unconfirmed-list', (ids) => ({ subAccountId: ids.sub, limit: 10 })),
  priv('/api/v4/sub-account/withdraw/confirm', { id: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' }),
  priv('/api/v4/sub-account/kyc-url', (ids) => ({ id: ids.sub })),
  priv('/api/v4/sub-account/delete', (ids) => ({ id: ids.sub })),
];

export const SAMPLE_USER = 'sampler';
export const SAMPLE_DEPOSITS = { BTC: '10', USDT: '1000000', ETH: '100' } as const;
