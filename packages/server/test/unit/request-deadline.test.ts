import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { BatchedAsks } from '../../src/cluster/batched-asks.js';
import type { Writable } from 'node:stream';
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { answerWithin, handledWithin, unavailableAfter, waitEndsAt } from '../../src/cluster/request-deadline.js';
import { registerErrorHandling } from '../../src/http/plugins/error-handling.js';
import { DurableOutbox } from '../../src/ws/durable-outbox.js';
import { StreamHub } from '../../src/ws/stream-hub.js';

/** What a request has to be answered within, in these tests. */
const DUE_MS = 600;
/** What one of its steps took before the wait looked at (an admission, say). */
const FIRST_STEP_MS = 350;
/** Each wait's own bound: alone, far beyond the request's end. */
const OWN_WAIT_MS = 10_000;

const never = new Promise<never>(() => undefined);

describe('the end of a gateway request', () => {
  let app: FastifyInstance;
  let url: string;
  /** What the question put to the leader was sent with, if it was sent. */
  let sent: { giveUpAt: number } | undefined;
  const asks = new BatchedAsks<number, number>(async (_requests, { giveUpAt }) => {
    sent = { giveUpAt };
    await sleep(giveUpAt - performance.now());
    return undefined;
  }, OWN_WAIT_MS);

  /** Question 1 finds no leader and is sent again until `leaderBack`; what is asked meanwhile is held. */
  let leaderBack!: () => void;
  const heldAsks = new BatchedAsks<number, number>(async (requests, { beforeRetry }) => {
    if (requests[0] === 1) {
      await beforeRetry();
      await new Promise<void>((resolve) => (leaderBack = resolve));
    }
    return requests;
  }, OWN_WAIT_MS);

  before(async () => {
    app = Fastify();
    registerErrorHandling(app);
    await app.register((scope, _opts, done) => {
      answerWithin(scope, DUE_MS);
      // a step before the waits (an admission): the request's end does not move for it
      scope.addHook('preValidation', async () => sleep(FIRST_STEP_MS));
      scope.post('/wait', async () => unavailableAfter(never, OWN_WAIT_MS));
      scope.post('/held', async () => ({ answer: (await heldAsks.ask(2)) ?? null }));
      scope.post('/ask', async (request) => {
        const { late } = request.body as { late: boolean };
        if (late) await sleep(DUE_MS - FIRST_STEP_MS - 100);
        return { answer: (await asks.ask(1)) ?? null, left: waitEndsAt(OWN_WAIT_MS) - performance.now() };
      });
      done();
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  });
  after(() => app.close());

  /** Posts `body` (read in several chunks, as a large body is), and times the answer. */
  const post = async (path: string, body: unknown): Promise<{ status: number; body: unknown; took: number }> => {
    const started = performance.now();
    const answer = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(5_000),
      body: JSON.stringify({ ...(body as object), padding: 'x'.repeat(200_000) }),
    });
    return { status: answer.status, body: await answer.json(), took: performance.now() - started };
  };

  it('ends a wait at the request’s end, counted from its arrival, not a whole wait after the wait began', async () => {
    const { status, took } = await post('/wait', {});
    assert.equal(status, 503);
    assert.ok(took >= DUE_MS - 50 && took < DUE_MS + 400, `answered at the request's end: ${took} ms`);
  });

  it('gives a question to the leader until the request’s end, and none to one asked too late to be answered', async () => {
    sent = undefined;
    const asked = performance.now();
    const inTime = await post('/ask', { late: false });
    const { giveUpAt } = sent ?? assert.fail('not sent');
    const left = giveUpAt - asked;
    assert.ok(left > FIRST_STEP_MS && left <= DUE_MS + 100, `sent to give up by the request's end: ${left} ms`);
    assert.deepEqual(inTime.body, { answer: null, left: (inTime.body as { left: number }).left });
    assert.ok(
      (inTime.body as { left: number }).left < 50,
      'after the answer, still the request’s end, not a fresh wait',
    );
    sent = undefined;
    const late = await post('/ask', { late: true });
    assert.equal(sent, undefined, 'less of its wait left than an answer takes: not sent');
    assert.equal((late.body as { answer: unknown }).answer, null);
    assert.ok(late.took < DUE_MS + 400, `${late.took} ms`);
  });

  it('answers a question held behind a retried batch at the request’s end, however long that batch takes', async () => {
    const first = heldAsks.ask(1);
    await sleep(50);
    const held = await post('/held', {});
    assert.deepEqual(held.body, { answer: null });
    assert.ok(held.took < DUE_MS + 400, `answered by the request's end, not the batch's: ${held.took} ms`);
    leaderBack();
    assert.equal(await first, 1);
  });

  it('outside a request, a wait is its own bound, and an endless one is none', () => {
    const now = performance.now();
    const end = waitEndsAt(1_000);
    assert.ok(end >= now + 1_000 && end < now + 1_100);
    const settled = Promise.resolve('read');
    assert.equal(unavailableAfter(settled), settled);
  });

  it('ends the waits of a socket’s request as those of an HTTP request, when the hub is told to', async () => {
    const written: string[] = [];
    const stream = { write: (bytes: Buffer) => written.push(bytes.toString('latin1')) } as unknown as Writable;
    const socket = Object.assign(new EventEmitter(), {
      OPEN: 1,
      readyState: 1,
      bufferedAmount: 0,
      close: () => undefined,
    });
    const hub = new StreamHub(
      [],
      new DurableOutbox({ durable: () => Promise.resolve(), durableNow: true }, () => undefined),
      {
        limits: { windowMs: 10_000, requestsPerWindow: 100, placementsPerWindow: 100 },
        json: { maxDepth: 10, maxStringLength: 1_000 },
        idleTimeoutMs: 60_000,
        maxBufferedBytes: 1 << 20,
        handling: (handle) => handledWithin(DUE_MS, handle),
      },
      () => undefined,
    );
    // what a socket's order method finds once it has waited for its admission
    hub.addMethods({
      left: {
        private: false,
        readsState: false,
        handle: async () => {
          await sleep(FIRST_STEP_MS);
          return Math.round(waitEndsAt(OWN_WAIT_MS) - performance.now());
        },
      },
    });
    hub.open(socket as unknown as WebSocket, stream, '127.0.0.1');
    socket.emit('message', Buffer.from(JSON.stringify({ id: 1, method: 'left', params: [] })), false);
    while (written.length === 0) await sleep(10);
    const left = Number(/"result":(-?\d+)/.exec(written[0]!)?.[1]);
    // a timer may fire a fraction of a millisecond early, and the answer is rounded: 2 ms of slack
    assert.ok(left > 0 && left <= DUE_MS - FIRST_STEP_MS + 2, `what is left of the request's end: ${left} ms`);
    hub.stop();
  });
});
