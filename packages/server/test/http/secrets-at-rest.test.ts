import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OperatorError } from '../../src/cli/operator-error.js';
import { rotateMasterKey } from '../../src/cli/rotate-master-key.js';
import { loadConfig } from '../../src/config/load.js';
import type { Config } from '../../src/config/schema.js';
import { CREDENTIALS_META } from '../../src/demo/stored-credentials.js';
import { DataDirLockedError } from '../../src/process/data-dir-lock.js';
import { MASTER_KEY_FILE } from '../../src/secrets/master-key.js';
import { SecretBox, SecretBoxError } from '../../src/secrets/secret-box.js';
import { commitBatch } from '../../src/store/commit-batch.js';
import { openStore } from '../../src/store/open-store.js';
import { secretContext } from '../../src/venue/keys/api-keys.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';

/** Every value of every row of a table, as text: what someone reading the database would see. */
async function tableText(server: TestServer, table: 'api_keys' | 'meta'): Promise<string> {
  const rows = await server.server.venue.store.db.selectFrom(table).selectAll().execute();
  return JSON.stringify(rows);
}

describe('API key secrets at rest (AES-256-GCM under the master key)', () => {
  let server: TestServer;

  before(async () => {
    server = await TestServer.start();
  });
  after(() => server.stop());

  it('the store holds sealed secrets only; keys work across restarts', async () => {
    const { client, apiKey, apiSecret } = await server.user('alice', { deposits: { BTC: '1' } });
    assert.deepEqual(await client.mainBalance('BTC'), { main_balance: '1' });
    const row = await server.server.venue.store.db
      .selectFrom('api_keys')
      .select('secret')
      .where('api_key', '=', apiKey)
      .executeTakeFirstOrThrow();
    assert.ok(SecretBox.isSealed(row.secret));
    assert.ok(!(await tableText(server, 'api_keys')).includes(apiSecret));
    await server.restart();
    assert.deepEqual(await server.client(apiKey, apiSecret).mainBalance('BTC'), { main_balance: '1' });
  });

  it('a data dir txc makes is its owner’s alone', { skip: process.platform === 'win32' }, async () => {
    const parent = mkdtempSync(join(tmpdir(), 'txc-new-dir-'));
    const dir = join(parent, 'data');
    try {
      const fresh = await TestServer.start({}, dir);
      const mode = statSync(dir).mode & 0o777;
      await fresh.stop();
      assert.equal(mode, 0o700);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('the generated master key lies in the data dir, readable by its owner only', () => {
    const path = join(server.dataDir, MASTER_KEY_FILE);
    assert.match(readFileSync(path, 'utf8'), /^[0-9a-f]{64}\n$/);
    if (process.platform !== 'win32') assert.equal(statSync(path).mode & 0o777, 0o600);
  });

  it('seals, at start-up, the plaintext secrets a store written before sealing holds', async () => {
    await server.admin('POST', '/admin/v1/users', { name: 'old' });
    await server.admin('POST', '/admin/v1/deposits', { user: 'old', ticker: 'BTC', amount: '2' });
    // A key row exactly as the previous version wrote it: the secret in plaintext.
    const apiKey = randomBytes(16).toString('hex');
    const apiSecret = randomBytes(32).toString('hex');
    await server.server.venue.store.commit(
      commitBatch({
        apiKeys: [
          {
            apiKey,
            sealedSecret: apiSecret,
            user: 'old',
            permissions: ['main-account'],
            ips: [],
            createdAt: Date.now(),
            revokedAt: null,
          },
        ],
      }),
    );
    assert.ok((await tableText(server, 'api_keys')).includes(apiSecret));
    await server.restart();
    assert.ok(!(await tableText(server, 'api_keys')).includes(apiSecret));
    assert.deepEqual(await server.client(apiKey, apiSecret).mainBalance('BTC'), { main_balance: '2' });
    await server.restart();
    assert.deepEqual(await server.client(apiKey, apiSecret).mainBalance('BTC'), { main_balance: '2' });
  });

  it('refuses to start with another master key, naming both', async () => {
    await server.stop({ keepData: true });
    const other = randomBytes(32).toString('hex');
    await assert.rejects(
      TestServer.start({ masterKey: other, database: server.databaseUrl }, server.dataDir),
      (e: unknown) => e instanceof Error && /sealed under master key [0-9a-f]{16}/.test(e.message),
    );
    await server.restart();
    assert.equal((await server.admin('GET', '/admin/v1/users/alice')).status, 200);
  });
});

describe('a configured master key, and the demo credentials', () => {
  let server: TestServer;
  const masterKey = randomBytes(32).toString('hex');

  before(async () => {
    server = await TestServer.start({ masterKey, demo: true });
  });
  after(() => server.stop());

  it('writes no key file when one is configured', () => {
    assert.throws(() => statSync(join(server.dataDir, MASTER_KEY_FILE)), /ENOENT/);
  });

  it('keeps the demo keys sealed in the store, and the same keys after a restart', async () => {
    const file = server.server.credentialsFile!;
    const credentials = JSON.parse(readFileSync(file, 'utf8')) as { apiKey: string; apiSecret: string };
    const meta = await server.server.venue.store.getMeta(CREDENTIALS_META);
    assert.ok(meta !== undefined && SecretBox.isSealed(meta));
    assert.ok(!(await tableText(server, 'meta')).includes(credentials.apiSecret));
    assert.ok(await server.client(credentials.apiKey, credentials.apiSecret).mainBalances());
    await server.restart();
    const again = JSON.parse(readFileSync(server.server.credentialsFile!, 'utf8')) as { apiSecret: string };
    assert.equal(again.apiSecret, credentials.apiSecret);
  });

  it('seals demo credentials a store written before sealing kept in plaintext', async () => {
    const credentials = readFileSync(server.server.credentialsFile!, 'utf8');
    const { apiKey, apiSecret, eea } = JSON.parse(credentials) as {
      apiKey: string;
      apiSecret: string;
      eea: { apiKey: string; apiSecret: string };
    };
    await server.server.venue.setMeta(CREDENTIALS_META, JSON.stringify({ apiKey, apiSecret, eea }));
    assert.ok((await tableText(server, 'meta')).includes(apiSecret));
    await server.restart();
    assert.ok(!(await tableText(server, 'meta')).includes(apiSecret));
    const again = JSON.parse(readFileSync(server.server.credentialsFile!, 'utf8')) as { apiSecret: string };
    assert.equal(again.apiSecret, apiSecret);
  });
});

describe('rotating the master key (txc master-key rotate)', () => {
  let server: TestServer;
  const oldKey = randomBytes(32).toString('hex');
  const keyDir = tempDirs('txc-rotation-');
  const keyFile = (hex: string): string => {
    const file = join(keyDir(), 'master-key');
    writeFileSync(file, `${hex}\n`, { mode: 0o600 });
    return file;
  };
  const config = (masterKey: Partial<Config>): Config =>
    loadConfig({ env: {}, flags: { dataDir: server.dataDir, database: server.databaseUrl, ...masterKey } });

  before(async () => {
    server = await TestServer.start({ masterKey: oldKey, demo: true });
  });
  after(() => server.stop());

  it('seals every secret under the new key in one commit; the store then opens under it alone', async () => {
    const { apiKey, apiSecret } = await server.user('rita', { deposits: { BTC: '1' } });
    const demo = JSON.parse(readFileSync(server.server.credentialsFile!, 'utf8')) as {
      apiKey: string;
      apiSecret: string;
    };
    const keys = (await server.server.venue.store.db.selectFrom('api_keys').select('api_key').execute()).length;
    const newKey = randomBytes(32).toString('hex');
    const newFile = keyFile(newKey);
    // a running server holds the old key: it would go on sealing new keys under it
    await assert.rejects(rotateMasterKey(config({ masterKey: oldKey }), newFile), DataDirLockedError);
    await server.stop({ keepData: true });
    // under a key the store was not written with, nothing opens and nothing is written
    const stranger = randomBytes(32).toString('hex');
    await assert.rejects(rotateMasterKey(config({ masterKey: stranger }), newFile), SecretBoxError);
    await assert.rejects(rotateMasterKey(config({ masterKey: oldKey }), keyFile(oldKey)), OperatorError);

    const report = await rotateMasterKey(config({ masterKey: oldKey }), newFile);
    assert.deepEqual(
      [report.from, report.to, report.apiKeys, report.demoCredentials],
      [
        SecretBox.fromKey(Buffer.from(oldKey, 'hex')).keyId,
        SecretBox.fromKey(Buffer.from(newKey, 'hex')).keyId,
        keys,
        true,
      ],
    );
    // the demo's first state, which `reset` loads, holds its keys sealed too
    assert.deepEqual(report.savedStates, ['initial']);
    // a server the lock could not see (PostgreSQL, another data dir) sealed a key under the old master key meanwhile
    const late = { apiKey: randomBytes(16).toString('hex'), apiSecret: randomBytes(32).toString('hex') };
    const store = openStore(config({ masterKey: oldKey }));
    await store.commit(
      commitBatch({
        apiKeys: [
          {
            apiKey: late.apiKey,
            sealedSecret: SecretBox.fromKey(Buffer.from(oldKey, 'hex')).seal(
              late.apiSecret,
              secretContext(late.apiKey),
            ),
            user: 'rita',
            permissions: ['main-account'],
            ips: [],
            createdAt: Date.now(),
            revokedAt: null,
          },
        ],
      }),
    );
    await store.close();
    // running the rotation again from the old key completes it, leaving what is already sealed under the new one
    const completed = await rotateMasterKey(config({ masterKey: oldKey }), newFile);
    assert.deepEqual([completed.apiKeys, completed.demoCredentials], [1, false]);
    await assert.rejects(
      TestServer.start({ masterKey: oldKey, database: server.databaseUrl }, server.dataDir),
      (e: unknown) => e instanceof Error && e.message.includes(`sealed under master key ${report.to}`),
    );
    const rotated = await TestServer.start(
      { masterKeyFile: newFile, demo: true, database: server.databaseUrl },
      server.dataDir,
    );
    try {
      assert.deepEqual(await rotated.client(apiKey, apiSecret).mainBalance('BTC'), { main_balance: '1' });
      assert.deepEqual(await rotated.client(late.apiKey, late.apiSecret).mainBalance('BTC'), { main_balance: '1' });
      const again = JSON.parse(readFileSync(rotated.server.credentialsFile!, 'utf8')) as { apiSecret: string };
      assert.equal(again.apiSecret, demo.apiSecret);
      const audit = (await rotated.admin('GET', '/admin/v1/audit?limit=1000')).body as {
        entries: { action: string; status: number | null }[];
      };
      assert.deepEqual(
        audit.entries.filter((e) => e.action === 'cli rotateMasterKey').map((e) => e.status),
        [null, 200, null, 200],
      );
      // a state saved before the rotation loads after it, its keys working: `reset` goes back to the first one
      assert.equal((await rotated.admin('POST', '/admin/v1/reset')).status, 200);
      assert.deepEqual(await rotated.client(demo.apiKey, demo.apiSecret).mainBalance('BTC'), { main_balance: '10' });
    } finally {
      await rotated.stop({ keepData: true });
    }
    // and back: a store rotated once rotates again
    await rotateMasterKey(config({ masterKeyFile: newFile }), keyFile(oldKey));
    await server.restart();
    assert.deepEqual(await server.client(demo.apiKey, demo.apiSecret).mainBalance('BTC'), { main_balance: '10' });
    assert.equal((await server.admin('POST', '/admin/v1/reset')).status, 200);
    assert.deepEqual(await server.client(demo.apiKey, demo.apiSecret).mainBalance('BTC'), { main_balance: '10' });
  });
  it('a saved state damaged, or sealed under a key neither side has, is left as it was and named', async () => {
    await server.stop({ keepData: true });
    const states = join(server.dataDir, 'states');
    const copyState = (to: string, rows: Buffer): void => {
      const description = JSON.parse(readFileSync(join(states, 'initial.json'), 'utf8')) as { name: string };
      writeFileSync(join(states, `${to}.json`), JSON.stringify({ ...description, name: to }));
      writeFileSync(join(states, `${to}.rows.json.gz`), rows);
    };
    // saved under the key of now, then the store rotated away from it and back under another
    const underOld = readFileSync(join(states, 'initial.rows.json.gz'));
    const between = keyFile(randomBytes(32).toString('hex'));
    assert.deepEqual((await rotateMasterKey(config({ masterKey: oldKey }), between)).savedStates, ['initial']);
    copyState('stale', underOld);
    copyState('broken', underOld.subarray(0, 40));
    const third = keyFile(randomBytes(32).toString('hex'));
    const onward = await rotateMasterKey(config({ masterKeyFile: between }), third);
    assert.deepEqual(onward.savedStates, ['initial']);
    assert.deepEqual(
      onward.savedStatesLeft.map((s) => s.name),
      ['broken', 'stale'],
    );
    assert.match(onward.savedStatesLeft[1]!.problem, /key|seal/i);
    // back under the server's own key, which opens the stale state again
    await rotateMasterKey(config({ masterKeyFile: third }), keyFile(oldKey));
    await server.restart();
    assert.equal((await server.admin('POST', '/admin/v1/reset')).status, 200);
  });
});
