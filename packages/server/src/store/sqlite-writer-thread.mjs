// The SQLite store's writer: a worker thread with its own connection, on which every write
// transaction runs, so that neither the statements nor the fsync of COMMIT hold the event loop.
// The requests and replies are described in sqlite-writer.ts, which starts this thread.
//
// Plain JavaScript on purpose: a worker thread does not inherit the TypeScript loader of the
// process (tsx), and this file only runs the statements it is sent, each prepared once and reused
// for as long as the connection lives.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
/** How many requests this thread has finished, read by the sender without waiting for the replies. */
const finished = new Int32Array(workerData.finished);
for (const pragma of workerData.pragmas) db.pragma(pragma);

// IMMEDIATE: the write lock is taken (or waited for, within busy_timeout) before the first
// statement, never half-way through a transaction.
const begin = db.prepare('BEGIN IMMEDIATE');
const commit = db.prepare('COMMIT');
const rollback = db.prepare('ROLLBACK');

/** SQL texts by statement number, as the sender numbers them (each is sent once). */
const texts = [];
/** Prepared statements by number, prepared on first use. */
const prepared = [];

function statement(n) {
  return (prepared[n] ??= db.prepare(texts[n]));
}

/** Takes in the SQL texts a request introduces: before anything else, even if it is refused. */
function learn(request) {
  const defined = request.statements;
  if (defined !== undefined) for (let i = 0; i < defined.length; i += 2) texts[defined[i]] = defined[i + 1];
  return request;
}

/**
 * The row with every string made well-formed (half of a surrogate pair becomes U+FFFD), as the
 * PostgreSQL driver sends a parameter: SQLite would store such a string as bytes that are not UTF-8.
 */
function wellFormed(row) {
  for (const value of row) {
    if (typeof value === 'string' && !value.isWellFormed()) {
      return row.map((v) => (typeof v === 'string' ? v.toWellFormed() : v));
    }
  }
  return row;
}

/**
 * Runs the requests' statements in order in one transaction: all of it is durable when it returns,
 * or none. A request's `ops` hold, for each execution, the statement's number, how many
 * parameters follow, then the parameters.
 */
function transaction(requests) {
  begin.run();
  try {
    for (const { ops } of requests) {
      for (let i = 0; i < ops.length;) {
        const end = i + 2 + ops[i + 1];
        statement(ops[i]).run(wellFormed(ops.slice(i + 2, end)));
        i = end;
      }
    }
    commit.run();
  } catch (error) {
    // A failed COMMIT may already have rolled back (an I/O error does).
    if (db.inTransaction) rollback.run();
    throw error;
  }
}

/** Links of the commit chain up to this generation fail without being run (an earlier link failed). */
let brokenGeneration = -1;

function reply(requests, error) {
  for (const request of requests) parentPort.postMessage({ id: request.id, error });
}

function describe(error) {
  return error instanceof Error ? { message: error.message, code: error.code } : { message: String(error) };
}

/**
 * Links of the commit chain that queued up while the previous transaction ran are written
 * together: one transaction and one fsync for all of them.
 */
function takeQueuedLinks(first) {
  const links = [first];
  for (;;) {
    const next = receiveMessageOnPort(parentPort);
    if (next === undefined) return { links, after: undefined };
    const request = learn(next.message);
    if (request.link !== true) return { links, after: request };
    links.push(request);
  }
}

const isLive = (request) => request.link !== true || request.generation > brokenGeneration;

function run(requests) {
  const live = requests.filter(isLive);
  if (live.length < requests.length) {
    const refused = requests.filter((r) => !isLive(r));
    reply(refused, { message: 'not written: an earlier commit failed' });
  }
  let failure;
  try {
    if (live.length > 0) transaction(live);
  } catch (error) {
    for (const r of live) if (r.link === true) brokenGeneration = Math.max(brokenGeneration, r.generation);
    failure = describe(error);
  }
  // Counted before the replies go: from here on, a request sent would start at once.
  Atomics.add(finished, 0, requests.length);
  reply(live, failure);
}

function handle(request) {
  if (request.close === true) {
    db.close();
    parentPort.close();
    return;
  }
  if (request.link !== true) return run([request]);
  const { links, after } = takeQueuedLinks(request);
  run(links);
  if (after !== undefined) handle(after);
}

parentPort.on('message', (request) => handle(learn(request)));
