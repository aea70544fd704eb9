import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { masterKeyFile } from '../support/master-key-file.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';

/**
 * A venue whose master key is kept outside its data dir (the server's configuration names it): a
 * command run on the data dir without that configuration must not make a key of its own and seal
 * under it, which would leave the server unable to start with its real key.
 */
describe('a command on a venue whose master key it was not given', async () => {
  const dir = tempDirs('txc-master-key-required-');
  const skip = await postgresSkipReason();

  const keyFile = (): { file: string; id: string } => masterKeyFile(dir());

  const missing = (id: string): string =>
    `txc: the store's secrets are sealed under master key ${id}, and no master key is configured: ` +
    'give it with --master-key-file or TXC_MASTER_KEY_FILE (or TXC_MASTER_KEY), or give the configuration that names it with --config or TXC_CONFIG; ' +
    'if that key is lost, `txc master-key forget` drops what it sealed (docs/operations.md, "Backups")\n';

  it('SQLite: refused, naming the key, with nothing written; given the configuration, it works', async () => {
    const key = keyFile();
    const dataDir = dir();
    // a venue with no API key yet: the store records its key all the same
    await (await TestServer.start({ masterKeyFile: key.file }, dataDir)).stop({ keepData: true });
    const config = join(dir(), 'txc.json');
    writeFileSync(config, JSON.stringify({ dataDir, masterKeyFile: key.file }));

    for (const args of [
      ['user', 'create', 'ulla'],
      ['key', 'create', 'ulla', '--json'],
      ['user', 'show', 'ulla'],
      ['serve', '--port', '0'],
    ]) {
      const r = await txc([...args, '--data-dir', dataDir]);
      assert.deepEqual([r.code, r.stderr], [1, missing(key.id)], args.join(' '));
      assert.equal(existsSync(join(dataDir, 'master-key')), false, `${args.join(' ')} made no key`);
    }

    const created = await txc(['user', 'create', 'ulla'], { env: { TXC_CONFIG: config } });
    assert.equal(created.code, 0, created.stderr);
    const made = await txc(['key', 'create', 'ulla', '--json', '--config', config]);
    assert.equal(made.code, 0, made.stderr);
    const { apiKey, apiSecret } = JSON.parse(made.stdout) as { apiKey: string; apiSecret: string };
    assert.equal(existsSync(join(dataDir, 'master-key')), false);

    const server = await TestServer.start({ masterKeyFile: key.file }, dataDir);
    try {
      assert.deepEqual(await server.client(apiKey, apiSecret).mainBalance('BTC'), { main_balance: '0' });
    } finally {
      await server.stop({ keepData: true });
    }
  });

  it('SQLite: the wrong key is refused, naming both', async () => {
    const key = keyFile();
    const other = keyFile();
    const dataDir = dir();
    await (await TestServer.start({ masterKeyFile: key.file }, dataDir)).stop({ keepData: true });
    const r = await txc(['user', 'create', 'ulla', '--data-dir', dataDir, '--master-key-file', other.file]);
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      new RegExp(
        `^txc: the store's secrets are sealed under master key ${key.id}, but the configured master key is ${other.id}: configure the key this store was written with `,
      ),
    );
  });

  it('PostgreSQL: refused, naming the key, with no key file left in the data dir', { skip }, async () => {
    const db = await createTestDatabase();
    try {
      const key = keyFile();
      const dataDir = dir();
      await (await TestServer.start({ masterKeyFile: key.file, database: db.url }, dataDir)).stop({ keepData: true });
      for (const args of [
        ['user', 'show', 'ulla'],
        ['user', 'create', 'ulla'],
      ]) {
        const r = await txc([...args, '--data-dir', dataDir, '--database', db.url]);
        assert.deepEqual([r.code, r.stderr], [1, missing(key.id)], args.join(' '));
      }
      assert.equal(existsSync(join(dataDir, 'master-key')), false);
      const created = await txc([
        'user',
        'create',
        'ulla',
        '--data-dir',
        dataDir,
        '--database',
        db.url,
        '--master-key-file',
        key.file,
      ]);
      assert.equal(created.code, 0, created.stderr);
    } finally {
      await db.drop();
    }
  });
});
