import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDirs } from '../support/temp-dirs.js';
import { txc } from '../support/txc-cli.js';

/** A cluster's processes keep nothing in SQLite: refused, they must not leave a database behind. */
describe('a cluster process without --database', () => {
  const dir = tempDirs('txc-cluster-no-pg-');

  for (const command of [['gateway'], ['serve', '--node-id', 'A']]) {
    it(`txc ${command[0]} refuses, leaving no txc.sqlite`, async () => {
      const dataDir = dir();
      const env = {
        TXC_DATABASE_URL: undefined,
        TXC_MASTER_KEY: 'ab'.repeat(32),
        TXC_ADMIN_TOKEN: 'cluster-without-postgres-token',
      };
      const args = [...command, '--cluster', 'nats://127.0.0.1:1', '--port', '0', '--data-dir', dataDir];
      const { code, stderr } = await txc(args, { env });
      assert.equal(code, 1);
      assert.match(stderr, /postgres:\/\//);
      assert.equal(existsSync(join(dataDir, 'txc.sqlite')), false);
    });
  }
});
