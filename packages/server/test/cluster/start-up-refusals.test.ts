import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { natsSkipReason, TEST_NATS_URL } from '../support/nats.js';
import { tempDirs } from '../support/temp-dirs.js';
import { txc } from '../support/txc-cli.js';

/** A PostgreSQL nothing listens for: a refused connection. */
const UNREACHABLE = 'postgres://postgres@127.0.0.1:1/txc';
const ENV = { TXC_MASTER_KEY: 'cd'.repeat(32), TXC_ADMIN_TOKEN: 'start-up-refusals-admin-token' };

describe('a cluster process that cannot start', async () => {
  const skip = await natsSkipReason();
  if (skip !== undefined) {
    it('runs against a real NATS server', { skip }, () => undefined);
    return;
  }
  const dir = tempDirs('txc-start-up-refusals-');

  it('a gateway or an engine node on an unreachable PostgreSQL says so in one line, and stops', async () => {
    const common = ['--cluster', TEST_NATS_URL, '--database', UNREACHABLE, '--port', '0'];
    for (const command of ['gateway', 'serve']) {
      const run = await txc([command, ...common, '--data-dir', dir()], { env: ENV, timeoutMs: 30_000 });
      assert.equal(run.code, 1, `txc ${command}: ${run.stderr}`);
      assert.match(run.stderr, /^txc: the PostgreSQL store cannot be opened: [^\n]*ECONNREFUSED[^\n]*\n$/, command);
    }
  });
});
