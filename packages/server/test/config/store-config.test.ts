import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/load.js';

describe('choosing and tuning the store', () => {
  it('SQLite by default, with snapshots every 100,000 commands and a bounded PostgreSQL pool', () => {
    const c = loadConfig({ env: {} });
    assert.equal(c.database, 'sqlite');
    assert.deepEqual(c.snapshots, { everyCommands: 100_000, keep: 2 });
    assert.deepEqual(c.postgres, {
      poolSize: 8,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 30_000,
      idleTimeoutMs: 30_000,
    });
    assert.equal(c.unsafeNoFsync, false);
  });

  it('PostgreSQL from TXC_DATABASE_URL, the config file or --database (flags win, then env, then the file)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-config-'));
    try {
      const file = join(dir, 'txc.json');
      writeFileSync(
        file,
        JSON.stringify({
          database: 'postgres://file/db',
          postgres: { poolSize: 4 },
          snapshots: { everyCommands: 500 },
        }),
      );
      const fromFile = loadConfig({ file, env: {} });
      assert.equal(fromFile.database, 'postgres://file/db');
      assert.equal(fromFile.postgres.poolSize, 4);
      assert.equal(fromFile.postgres.statementTimeoutMs, 30_000);
      assert.equal(fromFile.snapshots.everyCommands, 500);
      assert.equal(loadConfig({ file, env: { TXC_DATABASE_URL: 'postgres://env/db' } }).database, 'postgres://env/db');
      assert.equal(
        loadConfig({ file, env: { TXC_DATABASE_URL: 'postgres://env/db' }, flags: { database: 'postgres://flag/db' } })
          .database,
        'postgres://flag/db',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses settings that cannot work', () => {
    assert.throws(() => loadConfig({ env: {}, flags: { postgres: { poolSize: 1 } } }), ConfigError);
    assert.throws(() => loadConfig({ env: {}, flags: { snapshots: { everyCommands: -1 } } }), ConfigError);
  });
  it('refuses a config file that names a setting there is no such setting, at any depth', () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-config-'));
    try {
      const file = join(dir, 'txc.json');
      writeFileSync(
        file,
        JSON.stringify({ prot: 9000, postgres: { poolsize: 3 }, wallet: { chains: { bitcoin: { xpubb: 'x' } } } }),
      );
      assert.throws(
        () => loadConfig({ file, env: {} }),
        (e: unknown) =>
          e instanceof ConfigError &&
          e.message ===
            `invalid configuration: ${file} names no such setting /prot, /postgres/poolsize, /wallet/chains/bitcoin/xpubb`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('names the words a setting may be, once', () => {
    assert.throws(
      () => loadConfig({ env: { TXC_LOG_LEVEL: 'verbose' } }),
      (e: unknown) =>
        e instanceof ConfigError &&
        e.message === 'invalid configuration: /logLevel must be one of fatal, error, warn, info, debug, trace, silent',
    );
  });
});
