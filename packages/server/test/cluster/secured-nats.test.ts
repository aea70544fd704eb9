import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Config } from '../../src/config/schema.js';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { setUp } from '../durability/actors.js';
import { MARKET } from '../durability/order-kinds.js';
import { acknowledged, send, sign } from '../durability/traffic.js';
import { engineNodeFlags, gatewayFlags, health, leading } from '../durability/venue-processes.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { natsSkipReason, ThrowawayNats } from '../support/nats.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { eventually } from '../support/eventually.js';
import { txc, TXC_BIN } from '../support/txc-cli.js';

const SHARED = { masterKey: 'ab'.repeat(32), adminToken: 'secured-nats-test-admin-token' };

const cleanUp: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const step of cleanUp.reverse()) await Promise.resolve(step()).catch(() => undefined);
});

async function started(flags: Parameters<typeof startChildServer>[0]): Promise<ChildServer> {
  const child = await startChildServer(flags);
  cleanUp.push(() => child.crash());
  return child;
}

/** A CA, and a certificate it signed for 127.0.0.1 (the server) and one for a client, made by openssl. */
function certificates(dir: string): Record<'ca' | 'serverCert' | 'serverKey' | 'clientCert' | 'clientKey', string> {
  const openssl = (command: string): void =>
    void execFileSync('openssl', command.split(' '), { cwd: dir, stdio: 'ignore' });
  const ec = '-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes';
  openssl(`req -x509 ${ec} -keyout ca.key -out ca.pem -days 1 -subj /CN=txc-test-ca`);
  writeFileSync(join(dir, 'ext'), 'subjectAltName=IP:127.0.0.1\n');
  for (const who of ['server', 'client']) {
    openssl(`req ${ec} -keyout ${who}.key -out ${who}.csr -subj /CN=${who}`);
    openssl(`x509 -req -in ${who}.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 1 -extfile ext -out ${who}.pem`);
  }
  const at = (file: string): string => join(dir, file);
  return {
    ...{ ca: at('ca.pem'), serverCert: at('server.pem'), serverKey: at('server.key') },
    ...{ clientCert: at('client.pem'), clientKey: at('client.key') },
  };
}

/**
 * Users of the NATS server, each allowed the subjects of its role and no more, as docs/scaling.md
 * ("A secured NATS") gives them.
 */
const USERS = `authorization {
  users = [
    { user: node, password: node-secret, permissions: {
        subscribe: ["txc.*.http", "txc.*.command", "txc.*.admit", "txc.*.nodes.*", "_INBOX.>"],
        publish: ["txc.*.keys.>", "txc.*.admit", "txc.*.gateways", "txc.*.nodes.*"], allow_responses: true } }
    { user: gateway, password: gateway-secret, permissions: {
        publish: ["txc.*.http", "txc.*.command", "txc.*.admit", "txc.*.nodes.*"],
        subscribe: ["txc.*.keys.>", "txc.*.gateways", "txc.*.nodes.*", "_INBOX.>"],
        allow_responses: true } }
  ]
}
`;

describe('a cluster on a NATS that asks who connects', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  if (skip !== undefined) {
    it('runs against real PostgreSQL and NATS servers', { skip }, () => undefined);
    return;
  }
  const db = await createTestDatabase();
  cleanUp.push(() => db.drop());
  const dataDir = mkdtempSync(join(tmpdir(), 'txc-secured-nats-'));
  cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const flags: Partial<Config> = { dataDir, database: db.url, venue: DEMO_VENUE_FILE };
  writeFileSync(join(dataDir, 'users.conf'), USERS);
  const nats = await ThrowawayNats.create(['-c', join(dataDir, 'users.conf')]);
  cleanUp.push(() => nats.destroy());
  const as = (user: string, password: string): string => nats.url.replace('nats://', `nats://${user}:${password}@`);

  it('users and passwords in the URLs: an engine node and a gateway join, and a signed order goes through', async () => {
    const node = await leading(
      await started({ ...engineNodeFlags(flags, 'A', SHARED), cluster: as('node', 'node-secret') }),
    );
    const gateway = await started({ ...gatewayFlags(flags, 'G1', SHARED), cluster: as('gateway', 'gateway-secret') });
    let n = 0;
    const [actor] = await setUp(gateway, 2, (p) => `${p}-${++n}`);
    const order = { market: MARKET, side: 'buy', amount: '0.001', price: '10000.00', clientOrderId: 'secured' };
    assert.ok(acknowledged(await send(gateway, sign(actor!, '/api/v4/order/new', order))));
    // the keys made meanwhile were announced: within each role's permissions
    for (const p of [node, gateway]) assert.doesNotMatch(p.logs(), /Permissions Violation/);
  });

  it('a wrong password stops the start with one line that does not show it', async () => {
    const { code, stderr } = await txc(
      ['serve', '--data-dir', join(dataDir, 'wrong'), '--database', db.url, '--cluster', as('node', 'not-it')],
      { env: { TXC_MASTER_KEY: SHARED.masterKey, TXC_ADMIN_TOKEN: SHARED.adminToken } },
    );
    assert.equal(code, 1);
    assert.match(stderr, /^txc: NATS at nats:\/\/node:\*\*\*@127\.0\.0\.1:\d+ refused the credentials .*\n$/);
  });

  it('a token in a tls:// URL, with a CA and a client certificate (mutual TLS): a node joins', async () => {
    const certs = certificates(mkdtempSync(join(dataDir, 'tls-')));
    // --tlsverify: the server refuses a client without a certificate its CA signed
    const tls = ['--tlsverify', '--tlscert', certs.serverCert, '--tlskey', certs.serverKey, '--tlscacert', certs.ca];
    const tlsNats = await ThrowawayNats.create(['--auth', 'secrettoken', ...tls]);
    cleanUp.push(() => tlsNats.destroy());
    const node = await started({
      ...engineNodeFlags(flags, 'T', SHARED),
      cluster: `tls://secrettoken@127.0.0.1:${tlsNats.port}`,
      clusterCaFile: certs.ca,
      clusterCertFile: certs.clientCert,
      clusterKeyFile: certs.clientKey,
    });
    assert.equal((await health(node))?.cluster?.role, 'standby');
  });

  it('a node started while its NATS is down says where it waits, password hidden, and joins once it is up', async () => {
    await nats.stop();
    const env = {
      TXC_CLUSTER: as('node', 'node-secret'),
      TXC_MASTER_KEY: SHARED.masterKey,
      TXC_ADMIN_TOKEN: SHARED.adminToken,
      TXC_LOG_LEVEL: 'info',
    };
    const args = ['serve', '--port', '0', '--data-dir', join(dataDir, 'early'), '--database', db.url];
    const node = spawn(process.execPath, [TXC_BIN, ...args], { env: { ...process.env, ...env } });
    cleanUp.push(() => void node.kill('SIGKILL'));
    let out = '';
    node.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await eventually('a line saying it waits', () => /waiting for NATS at nats:\/\/node:\*\*\*@127\.0\.0\.1/.test(out));
    await nats.start();
    await eventually('a line saying it connected', () => out.includes('connected to NATS at nats://node:***@'));
    assert.ok(!out.includes('node-secret'), out);
  });
});
