import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { TestServer } from '../support/test-server.js';

const TXC = fileURLToPath(new URL('../../bin/txc.js', import.meta.url));
const run = promisify(execFile);

describe('txc mining (CLI, through the admin API of the running server)', () => {
  let server: TestServer;
  const txc = async (...args: string[]): Promise<unknown> =>
    JSON.parse((await run(process.execPath, [TXC, ...args, '--data-dir', server.dataDir])).stdout) as unknown;

  before(async () => {
    server = await TestServer.start();
    await server.admin('POST', '/admin/v1/users', { name: 'ann' });
  });
  after(() => server.stop());

  it('opens an account and pays a reward to its destination', async () => {
    assert.deepEqual(await txc('mining', 'create-account', 'ann', 'rig'), { user: 'ann', name: 'rig' });
    assert.deepEqual(await txc('mining', 'reward', 'ann', 'rig', '0.001', '--fee', '0.00002'), { rewardId: 1 });
    const shown = await server.admin('GET', '/admin/v1/users/ann');
    assert.deepEqual((shown.body as { balances: { main: unknown } }).balances.main, { BTC: '0.001' });
  });

  it('reports a refusal on stderr with a failing exit code', async () => {
    await assert.rejects(txc('mining', 'create-account', 'nobody', 'rig'), (e: unknown) => {
      const failed = e as { code?: number; stderr?: string };
      assert.equal(failed.code, 1);
      assert.match(failed.stderr ?? '', /^txc: User nobody not found\.\n$/);
      return true;
    });
  });
});
