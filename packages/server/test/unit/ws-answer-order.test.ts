import assert from 'node:assert/strict';
import type { Writable } from 'node:stream';
import { afterEach, describe, it, mock } from 'node:test';
import type { WebSocket } from 'ws';
import { WsConnection } from '../../src/ws/connection.js';

/** A connection over a socket that takes every frame: only the order of the answers is looked at. */
function connection(): WsConnection {
  const socket = { OPEN: 1, readyState: 1, bufferedAmount: 0, close: () => undefined } as unknown as WebSocket;
  const stream = { write: () => true } as unknown as Writable;
  return new WsConnection(socket, stream, {
    ip: '127.0.0.1',
    maxBufferedBytes: 1 << 20,
    limits: { windowMs: 10_000, requestsPerWindow: 1000, placementsPerWindow: 1000 },
  });
}

/** Lets every settled promise run its callbacks. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the answers of asynchronous requests on one socket', () => {
  afterEach(() => mock.timers.reset());

  it('go out in the order the requests came, whatever order they settle in', async () => {
    const conn = connection();
    const delivered: string[] = [];
    let finishFirst!: () => void;
    conn.inTurn(new Promise<void>((resolve) => (finishFirst = resolve)), () => delivered.push('placement'));
    conn.inTurn(Promise.resolve(), () => delivered.push('cancel'));
    await settle();
    assert.deepEqual(delivered, []);
    finishFirst();
    await settle();
    assert.deepEqual(delivered, ['placement', 'cancel']);
  });

  it('a request that never settles holds the later answers back 10 s at most', async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    const conn = connection();
    const delivered: string[] = [];
    conn.inTurn(new Promise<never>(() => undefined), () => delivered.push('hung'));
    conn.inTurn(Promise.resolve(), () => delivered.push('cancel'));
    await settle();
    assert.deepEqual(delivered, []);
    mock.timers.tick(10_000);
    await settle();
    assert.deepEqual(delivered, ['cancel']);
  });

  it('an answer whose delivery throws stops none of the later ones', async () => {
    const conn = connection();
    const delivered: string[] = [];
    conn.inTurn(Promise.resolve(), () => {
      throw new Error('a bug in an answer');
    });
    conn.inTurn(Promise.resolve(), () => delivered.push('second'));
    await settle();
    conn.inTurn(Promise.resolve(), () => delivered.push('third'));
    await settle();
    assert.deepEqual(delivered, ['second', 'third']);
  });
});
