import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';

/** A client that leaves halfway through its body is the client's doing: no store outage is told. */
describe('a client gone before its body is whole', () => {
  let server: ChildServer;
  let dataDir: string;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'txc-client-gone-'));
    server = await startChildServer({ dataDir, venue: DEMO_VENUE_FILE });
  });
  after(async () => {
    await server.crash();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs no store outage, and the server answers the next client', async () => {
    const { hostname, port } = new URL(server.url);
    for (const path of ['/api/v4/main-account/balance', '/api/v4/order/new']) {
      const socket = connect(Number(port), hostname);
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`,
      );
      await sleep(100);
      socket.destroy();
    }
    await sleep(300);
    assert.doesNotMatch(server.logs(), /store out of reach/);
    const ping = await fetch(`${server.url}/api/v4/public/ping`);
    assert.equal(ping.status, 200);
  });
});
