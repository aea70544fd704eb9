import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { registerDashboard } from '../../src/http/plugins/dashboard.js';
import { TestServer } from '../support/test-server.js';

describe('txc serve serves the dashboard at /ui/', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => {
    await server?.stop();
  });

  it('/ sends browsers to /ui/', async () => {
    const response = await fetch(`${server.url}/`, { redirect: 'manual' });
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), '/ui/');
  });

  it('each view answers with the page, whose scripts and styles are served from the build', async () => {
    for (const path of ['/ui/', '/ui', '/ui/admin', '/ui/trade']) {
      const response = await fetch(`${server.url}${path}`);
      assert.equal(response.status, 200, path);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
      // the page holding secrets runs its own scripts only, talks to this server only, is never framed
      const policy = response.headers.get('content-security-policy') ?? '';
      for (const directive of ["script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) {
        assert.ok(policy.includes(directive), `${path}: ${policy}`);
      }
      assert.equal(response.headers.get('cache-control'), 'no-cache');
      const page = await response.text();
      assert.match(page, /<div id="root"><\/div>/);
      for (const [, asset] of page.matchAll(/(?:src|href)="(\/ui\/assets\/[^"]+)"/g)) {
        const served = await fetch(`${server.url}${asset}`);
        assert.equal(served.status, 200, asset);
        // hashed names: a new build has new names, so a browser may keep these for good
        assert.match(served.headers.get('cache-control') ?? '', /immutable/);
        await served.arrayBuffer();
      }
    }
  });

  it("a path that is neither a view nor a file is a 404 in the API's format", async () => {
    const response = await fetch(`${server.url}/ui/no-such-file.js`);
    assert.equal(response.status, 404);
    assert.equal(((await response.json()) as { success: boolean }).success, false);
  });

  it('without a build, /ui/ says how to make one instead of failing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'txc-no-dashboard-'));
    const app = Fastify();
    try {
      registerDashboard(app, `${empty}/`);
      const answer = await app.inject({ method: 'GET', url: '/ui/admin' });
      assert.equal(answer.statusCode, 503);
      assert.match(answer.body, /npm run build/);
    } finally {
      await app.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
