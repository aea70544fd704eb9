import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';

/** Refused admin requests are logged, but a flood of them is said once a second, counted. */
describe('the log of refused admin requests', () => {
  let server: ChildServer;
  let dataDir: string;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'txc-admin-refusals-'));
    server = await startChildServer({ dataDir, venue: DEMO_VENUE_FILE });
  });
  after(async () => {
    await server.crash();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a flood of wrong tokens: one line a second, saying how many went unsaid', async () => {
    const refuse = (): Promise<Response> =>
      fetch(`${server.url}/admin/v1/state`, { headers: { authorization: 'Bearer wrong' } });
    const first = await Promise.all(Array.from({ length: 50 }, refuse));
    assert.ok(first.every((r) => r.status === 401));
    await sleep(1100);
    assert.equal((await refuse()).status, 401);
    await sleep(200);
    const lines = server
      .logs()
      .split('\n')
      .filter((l) => l.includes('admin API: refused a missing or wrong token'));
    assert.equal(lines.length, 2, server.logs());
    assert.match(lines[0]!, /"alsoRefused":0/);
    assert.match(lines[1]!, /"alsoRefused":49/);
  });
});
