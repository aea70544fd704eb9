import { parseUnits } from '@txc/core';
import { WebSocket, type RawData } from 'ws';
import {
  depthKey,
  tradeKey,
  wallNow,
  type Answer,
  type Arrival,
  type Command,
  type Envelope,
  type SocketRequest,
  type WatchMode,
} from './subscriber-protocol.js';

/**
 * A subscriber process of the ws suite: holds many client sockets to one server, apart from the
 * server's process so that the server's CPU time is its own. Told what to do over IPC (subscriber-
 * protocol.ts).
 */

/** BTC_USDT's price and amount scales. */
const PRICE_SCALE = 2;
const AMOUNT_SCALE = 6;
/** Sockets opened at once: a burst of thousands of handshakes is not what is measured. */
const OPENING_AT_ONCE = 50;
/** A bound on a hang while opening (not a timing of anything). */
const ANSWER_WAIT_MS = 60_000;

const sockets = new Set<WebSocket>();
/** Sockets this process closes itself: their close is no loss. */
const closing = new WeakSet<WebSocket>();
let mode: WatchMode = 'count';
let frames = 0;
const arrivals = new Map<string, { count: number; lastAt: number }>();
/** Updates waited for: the sockets that must have them, and who waits. */
const waiters = new Map<string, { count: number; resolve: () => void }>();
let lost = 0;
const problems: string[] = [];

function problem(text: string): void {
  if (problems.length < 5) problems.push(text);
}

function arrived(key: string, at: number): void {
  let a = arrivals.get(key);
  if (a === undefined) {
    a = { count: 1, lastAt: at };
    arrivals.set(key, a);
  } else {
    a.count++;
    if (at > a.lastAt) a.lastAt = at;
  }
  const waiter = waiters.get(key);
  if (waiter !== undefined && a.count >= waiter.count) {
    waiters.delete(key);
    waiter.resolve();
  }
}

function arrival(key: string, count: number): Promise<Answer> {
  if ((arrivals.get(key)?.count ?? 0) >= count) return Promise.resolve({ done: true });
  return new Promise((resolve) => waiters.set(key, { count, resolve: () => resolve({ done: true }) }));
}

/** Notes the updates a push frame carries: each trade by its price, each depth level removed by its price. */
function noteArrivals(text: string, at: number): void {
  const frame = JSON.parse(text) as { method?: string; params?: unknown[] };
  if (frame.method === 'trades_update') {
    for (const t of (frame.params?.[1] ?? []) as { price: string }[]) {
      const ticks = parseUnits(t.price, PRICE_SCALE);
      if (ticks !== undefined) arrived(tradeKey(ticks), at);
    }
  } else if (frame.method === 'depth_update' && frame.params?.[0] === false) {
    for (const [price, amount] of (frame.params[1] as { asks: [string, string][] }).asks) {
      const ticks = parseUnits(price, PRICE_SCALE);
      if (ticks !== undefined && parseUnits(amount, AMOUNT_SCALE) === 0n) arrived(depthKey(ticks), at);
    }
  }
}

/** Counting is all the broadcast and REST measurements need: frames are parsed only when arrivals are noted. */
function onMessage(data: RawData): void {
  frames++;
  if (mode === 'arrivals') {
    const at = wallNow();
    noteArrivals((data as Buffer).toString('utf8'), at);
  }
}

/** Sends a request and waits for the answer of its id (pushes before it are left alone). */
function call(socket: WebSocket, id: number, [method, params]: SocketRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${method}: no answer`)), ANSWER_WAIT_MS);
    const onAnswer = (data: RawData): void => {
      const frame = JSON.parse((data as Buffer).toString('utf8')) as { id?: unknown; error?: unknown };
      if (frame.id !== id) return;
      socket.off('message', onAnswer);
      clearTimeout(timer);
      if (frame.error === null) resolve();
      else reject(new Error(`${method}: ${JSON.stringify(frame.error)}`));
    };
    socket.on('message', onAnswer);
    socket.send(JSON.stringify({ id, method, params }));
  });
}

async function openOne(url: string, token: string | undefined, requests: readonly SocketRequest[]): Promise<void> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.on('error', (e) => problem(e.message));
  socket.on('close', (code) => {
    sockets.delete(socket);
    if (closing.has(socket)) return;
    lost++;
    problem(`closed by the server: ${code}`);
  });
  sockets.add(socket);
  let id = 1;
  if (token !== undefined) await call(socket, id++, ['authorize', [token, 'public']]);
  for (const request of requests) await call(socket, id++, request);
  socket.on('message', onMessage);
}

async function open(c: Extract<Command, { op: 'open' }>): Promise<Answer> {
  let next = 0;
  let opened = 0;
  let failed = 0;
  const worker = async (): Promise<void> => {
    while (next < c.count) {
      const i = next++;
      try {
        await openOne(c.url, c.tokens.length === 0 ? undefined : c.tokens[i % c.tokens.length], c.requests);
        opened++;
      } catch (e) {
        failed++;
        problem(e instanceof Error ? e.message : String(e));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(OPENING_AT_ONCE, c.count) }, worker));
  return { opened, failed, problems: [...problems] };
}

async function closeAll(): Promise<Answer> {
  const all = [...sockets];
  await Promise.all(
    all.map(
      (socket) =>
        new Promise<void>((resolve) => {
          closing.add(socket);
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close(1000);
        }),
    ),
  );
  lost = 0;
  problems.length = 0;
  return { done: true };
}

async function handle(c: Command): Promise<Answer> {
  switch (c.op) {
    case 'open':
      return open(c);
    case 'close':
      return closeAll();
    case 'watch':
      mode = c.mode;
      frames = 0;
      arrivals.clear();
      return { done: true };
    case 'frames':
      return { frames };
    case 'arrivals':
      return { arrivals: [...arrivals].map(([key, a]): Arrival => ({ key, ...a })) };
    case 'await':
      return arrival(c.key, c.count);
    case 'health':
      return { open: sockets.size, lost, problems: [...problems] };
  }
}

process.on('message', (message: Envelope<Command>) => {
  void handle(message.body).then((body) => process.send?.({ id: message.id, body } satisfies Envelope<Answer>));
});
process.on('disconnect', () => process.exit(0));
