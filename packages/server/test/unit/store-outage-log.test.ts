import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerErrorHandling } from '../../src/http/plugins/error-handling.js';

/** What the store's client says when its socket is reset mid-query. */
function connectionReset(): Error {
  return Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
}

/**
 * The store-outage warning on real sockets: told for a POST whose body was read whole (the store
 * failed), not for a client gone before its body was whole (its own read failed the same way).
 */
describe('the store-outage warning', () => {
  let app: FastifyInstance;
  let url: URL;
  const lines: string[] = [];

  before(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = Fastify({ logger: { level: 'warn', stream } });
    registerErrorHandling(app);
    app.post('/api/v4/main-account/history', () => {
      throw connectionReset();
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = new URL(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
  });
  after(() => app.close());

  it('a client gone halfway through its body: 503 to nobody, nothing told', async () => {
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/v4/main-account/history HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n');
    socket.write('Content-Length: 100\r\n\r\n{"a":');
    await sleep(100);
    socket.destroy();
    await sleep(200);
    assert.deepEqual(lines, []);
  });

  it('a POST read whole whose store read fails: 503, and the outage told', async () => {
    const answer = await fetch(new URL('/api/v4/main-account/history', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"request":"/api/v4/main-account/history"}',
    });
    assert.equal(answer.status, 503);
    assert.equal(lines.filter((l) => l.includes('the store out of reach')).length, 1, lines.join(''));
  });
});
