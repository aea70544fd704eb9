import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BEHIND_LOOPBACK_PROXY, TestServer } from '../support/test-server.js';
import { eventually } from '../support/eventually.js';
import { trader } from '../support/trading.js';
import { parseSamples, sumOf, valueOf, type Sample } from './prometheus-text.js';

const METRICS_TOKEN = 'metrics-token-for-the-scraper-0001';
const PING = { route: '/api/v4/public/ping', method: 'GET' };

describe('GET /metrics', () => {
  let server: TestServer;

  before(async () => {
    server = await TestServer.start({
      metricsToken: METRICS_TOKEN,
      rateLimits: { public: { limit: 5, windowMs: 3_600_000 }, groups: {} },
      http: BEHIND_LOOPBACK_PROXY,
    });
  });
  after(() => server.stop());

  async function scrape(token: string = server.adminToken): Promise<Sample[]> {
    const r = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return parseSamples(await r.text());
  }

  async function get(path: string): Promise<number> {
    const r = await fetch(`${server.url}${path}`);
    await r.arrayBuffer();
    return r.status;
  }

  it('moves each counter by exactly what a known sequence of requests did', async () => {
    const client = await trader(server, 'metered', { USDT: '1000' });
    const before = await scrape();

    for (let i = 0; i < 5; i++) assert.equal(await get('/api/v4/public/ping'), 200);
    assert.equal(await get('/api/v4/public/ping'), 429); // the sixth is over the public limit of 5
    assert.equal(await get('/api/v4/public/no-such-route'), 404);
    await client.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '100' });
    await client.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '101' });
    const refused = await client
      .orderNew({ market: 'BTC_USDT', side: 'buy', amount: '1000', price: '100' })
      .catch((e: unknown) => e);
    assert.ok(refused instanceof Error, 'an order the balance cannot cover is refused');

    const now = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}): number =>
      valueOf(now, name, labels) - valueOf(before, name, labels);

    assert.equal(moved('txc_http_requests_total', { ...PING, status: '200' }), 5);
    assert.equal(moved('txc_http_requests_total', { ...PING, status: '429' }), 1);
    assert.equal(moved('txc_http_request_duration_seconds_count', { ...PING, status: '200' }), 5);
    assert.equal(moved('txc_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' }), 1);
    const orders = { route: '/api/v4/order/new', method: 'POST' };
    assert.equal(moved('txc_http_requests_total', { ...orders, status: '200' }), 2);
    assert.equal(moved('txc_http_requests_total', { ...orders, status: '400' }), 1);
    // the scrape before this one, answered in between
    assert.equal(moved('txc_http_requests_total', { route: '/metrics', method: 'GET', status: '200' }), 1);
    assert.equal(moved('txc_rate_limit_refusals_total', { group: 'public' }), 1);

    assert.equal(moved('txc_commands_total', { type: 'PlaceOrder', result: 'accepted' }), 2);
    assert.equal(moved('txc_commands_total', { type: 'PlaceOrder', result: 'refused' }), 1);
    // every accepted command is journaled, and nothing else is
    const accepted = sumOf(now, 'txc_commands_total', { result: 'accepted' });
    const acceptedBefore = sumOf(before, 'txc_commands_total', { result: 'accepted' });
    assert.equal(moved('txc_journal_seq'), accepted - acceptedBefore);
    assert.equal(valueOf(now, 'txc_journal_seq'), server.server.venue.status.seq);

    // the two orders and the nonces of every signed request went to the store in group commits
    const commits = moved('txc_group_commit_commands_count');
    assert.ok(commits >= 1 && commits <= 3, `${commits} group commits`);
    assert.equal(moved('txc_group_commit_commands_sum'), 2);
    assert.equal(moved('txc_group_commit_duration_seconds_count'), commits);
    assert.equal(moved('txc_store_errors_total', { operation: 'commit' }), 0);
    assert.equal(valueOf(now, 'txc_store_writable'), 1);
  });

  it("counts a venue's own check that found nothing to do as idle, not as a refusal", async () => {
    const before = await scrape();
    const checks = (samples: Sample[], result: string): number =>
      valueOf(samples, 'txc_commands_total', { type: 'CheckLiquidations', result });
    // a new index price has the liquidation watcher look, and nobody is below maintenance
    assert.equal((await server.admin('POST', '/admin/v1/index-prices', { ticker: 'BTC', price: '61234' })).status, 200);
    let now = before;
    await eventually('the check counted', async () => {
      now = await scrape();
      return checks(now, 'idle') > checks(before, 'idle');
    });
    assert.equal(checks(now, 'refused'), 0);
  });

  it('carries the process figures: CPU, memory, event-loop lag, GC', async () => {
    const samples = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      assert.ok(
        samples.some((s) => s.name === name),
        `${name} is served`,
      );
    }
  });

  it('answers the metrics token and the admin token, and no one else', async () => {
    await scrape(METRICS_TOKEN);
    const anonymous = await fetch(`${server.url}/metrics`);
    assert.equal(anonymous.status, 401);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } });
    assert.equal(wrong.status, 401);
    // the metrics token is good for /metrics alone
    const admin = await server.admin('GET', '/admin/v1/ledger', undefined, METRICS_TOKEN);
    assert.equal(admin.status, 401);
  });

  it('is refused to a client off this machine, as the admin API is', async () => {
    const r = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${server.adminToken}`, 'x-forwarded-for': '203.0.113.9' },
    });
    assert.equal(r.status, 403);
  });
});
