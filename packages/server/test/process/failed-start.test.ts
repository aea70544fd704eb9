import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CREDENTIALS_FILE } from '../../src/demo/credentials.js';
import { TestServer } from '../support/test-server.js';

/** Listens on `port` and lets it go: rejects when something else holds it. */
function bindAndRelease(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('a start that fails after the server listened', () => {
  it('gives its port and its data dir back, so that the next start takes both', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-failed-start-'));
    const port = await freePort();
    // the credentials are written once the server listens: a directory in their place makes that fail
    mkdirSync(join(dataDir, CREDENTIALS_FILE));
    try {
      await assert.rejects(TestServer.start({ demo: true, port }, dataDir), /EISDIR/);
      await bindAndRelease(port);
      rmSync(join(dataDir, CREDENTIALS_FILE), { recursive: true });
      const server = await TestServer.start({ demo: true, port }, dataDir);
      assert.equal(server.url, `http://127.0.0.1:${port}`);
      await server.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
