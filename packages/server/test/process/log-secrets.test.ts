import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { TxcClient, TxcError } from '@txc/sdk';
import { tempDirs } from '../support/temp-dirs.js';
import { txcServe } from '../support/txc-cli.js';

interface Credentials {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly adminToken: string;
  readonly eea: { readonly apiKey: string; readonly apiSecret: string };
}

/** A request, with every X-TXC-* header it sent kept for the search. */
async function send(url: string, init: RequestInit = {}): Promise<number> {
  const r = await fetch(url, init);
  await r.arrayBuffer();
  return r.status;
}

describe('the log of a server', () => {
  const dataDir = tempDirs('txc-log-');

  it('holds no token, secret, signature or query string, whatever the requests did', async () => {
    const dir = dataDir();
    const config = join(dir, 'txc.json');
    const metricsToken = 'a-scraper-token-that-must-stay-out-of-logs';
    // every request logged, at the most detailed level, behind a trusted proxy (this test)
    writeFileSync(
      config,
      JSON.stringify({ logLevel: 'trace', logRequests: true, metricsToken, http: { trustProxy: ['loopback'] } }),
    );
    const server = await txcServe(['--demo', '--data-dir', dir, '--config', config]);
    const secrets: string[] = [metricsToken];
    try {
      const c = JSON.parse(readFileSync(join(dir, 'demo-credentials.json'), 'utf8')) as Credentials;
      secrets.push(c.adminToken, c.apiSecret, c.eea.apiSecret, readFileSync(join(dir, 'master-key'), 'utf8').trim());

      // refused admin calls: a token in the query string, a wrong bearer, a client off this machine
      assert.equal(await send(`${server.url}/admin/v1/ledger?token=${c.adminToken}`), 401);
      assert.equal(
        await send(`${server.url}/admin/v1/ledger?token=${c.adminToken}`, {
          headers: { authorization: `Bearer ${c.adminToken}`, 'x-forwarded-for': '203.0.113.7' },
        }),
        403,
      );
      assert.equal(
        await send(`${server.url}/metrics?token=${metricsToken}`, { headers: { authorization: 'Bearer wrong' } }),
        401,
      );
      // accepted admin calls: a key made (its secret in the answer), with the token in the query too
      const made = await fetch(`${server.url}/admin/v1/users/demo/api-keys?token=${c.adminToken}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.adminToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
      assert.equal(made.status, 201);
      const key = (await made.json()) as { apiKey: string; apiSecret: string };
      secrets.push(key.apiSecret);

      // signed requests, accepted and refused; every signature and payload they carried
      const sent: string[] = [];
      const recording: typeof fetch = async (input, init) => {
        const headers = new Headers(init?.headers);
        for (const name of ['x-txc-payload', 'x-txc-signature']) sent.push(headers.get(name) ?? '');
        return fetch(input, init);
      };
      const client = new TxcClient({
        baseUrl: server.url,
        apiKey: key.apiKey,
        apiSecret: key.apiSecret,
        fetch: recording,
      });
      await client.mainBalance('USDT');
      await client.tradeBalance('BTC');
      const forged = new TxcClient({
        baseUrl: server.url,
        apiKey: c.apiKey,
        apiSecret: 'not the secret',
        fetch: recording,
      });
      const refused = await forged.mainBalance('USDT').catch((e: unknown) => e);
      assert.ok(refused instanceof TxcError && refused.status === 401);
      // a secret sent where it does not belong: in a public query string and a header
      assert.equal(
        await send(`${server.url}/api/v4/public/ticker?secret=${c.apiSecret}`, {
          headers: { authorization: `Bearer ${c.adminToken}`, 'x-txc-apikey': c.apiKey },
        }),
        200,
      );
      secrets.push(...sent.filter((s) => s !== ''));
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }

    const log = server.logs();
    assert.match(log, /"url":"\/admin\/v1\/ledger\?\[redacted\]"/, 'requests are logged, without their query');
    assert.ok(secrets.length >= 8);
    for (const secret of secrets) assert.equal(log.includes(secret), false, `the log holds ${secret.slice(0, 6)}…`);
  });
});
