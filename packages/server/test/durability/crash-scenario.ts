import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { conservationBreaches, negativeBalances } from '@txc/core';
import type { Config } from '../../src/config/schema.js';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { SQLITE_FILE } from '../../src/store/store-location.js';
import type { Store } from '../../src/store/port.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import type { ChildServer } from '../support/child-server.js';
import { enginePair, singleServer } from './venue-processes.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { Prng } from '../support/prng.js';
import { txc } from '../support/txc-cli.js';
import { checkBooks, checkOpenOrderModel, checkOpenOrders } from './book-checks.js';
import { REQUEST_KINDS, type RequestKind, type Sent } from './request-kinds.js';
import { setUp } from './actors.js';
import { admin, NoAnswer, send, type Actor, type Target } from './traffic.js';
import { balancesOf, loadWorld, nonZero, nonZeroAccount, type World } from './world.js';

export interface CrashScenario {
  readonly store: 'sqlite' | 'postgres';
  readonly seed: number;
  /** Kill points: each round drives traffic, kills the server at a seeded moment and checks the restart. */
  readonly rounds: number;
  readonly actors?: number;
  readonly adminWorkers?: number;
  /** Bounds of the seeded delay between the start of a round's traffic and its kill -9. */
  readonly killAfterMs?: readonly [number, number];
  /** Answers a round gets before its kill however long that takes, so a loaded machine still drives every kind. */
  readonly minAnswersPerRound?: number;
  readonly kinds?: readonly RequestKind[];
  /**
   * Two engine nodes of a cluster on the PostgreSQL store instead of one server: each kill -9 hits
   * the leader, the standby takes over, and the killed node comes back as the standby. With
   * `gateways`, the traffic goes through two gateways in front of them, each actor through one.
   */
  readonly cluster?: boolean | 'gateways';
}

export interface CrashReport {
  readonly counts: Record<string, Record<Sent['outcome'], number>>;
  readonly finalSeq: number;
  /** What the traffic made of the market, as of the last restart. */
  readonly trades: number;
  readonly stopsTriggered: number;
  readonly openOrders: number;
  readonly waitingStops: number;
}

const UNLIMITED = { limit: 1_000_000_000, windowMs: 10_000 };
/** The private rate-limit groups the traffic uses: opened wide, the test is about crashes. */
const RATE_GROUPS = ['order', 'orders', 'trade-account', 'main-account'];
/** Small, so that kills land before, during and after snapshots. */
const SNAPSHOT_EVERY = 40;

/**
 * The crash test: a real server in a child process, concurrent signed and admin traffic (deposits,
 * transfers, withdrawals, spot limit and stop orders, cancels), kill -9 at seeded moments, and after
 * each kill, on the restarted server and the store it left:
 *  - `txc replay --verify` agrees with itself, with the snapshot, and with the restarted server;
 *  - every acknowledged effect is there exactly once, every refused one is not, every unknown one is
 *    whole or absent (each request kind says how);
 *  - nothing is half-applied: the journal, the wallet history, the deal and finished-order read
 *    models and an independent fold of them (journal-model.ts) agree with the engine's state,
 *    including the venue's fee and pending-withdrawal accounts, and conservation holds;
 *  - open orders and waiting stops are back in their books, as the restarted server lists and shows them;
 *  - the last acknowledged signed request of every key is refused as a nonce replay and changes nothing.
 */
export async function runCrashScenario(o: CrashScenario): Promise<CrashReport> {
  const rng = new Prng(o.seed);
  const kinds = o.kinds ?? REQUEST_KINDS;
  const dataDir = mkdtempSync(join(tmpdir(), `txc-crash-${o.store}-`));
  const database: TestDatabase | undefined = o.store === 'postgres' ? await createTestDatabase() : undefined;
  const databaseArg = database?.url ?? 'sqlite';
  const flags: Partial<Config> = {
    dataDir,
    database: databaseArg,
    venue: DEMO_VENUE_FILE,
    snapshots: { everyCommands: SNAPSHOT_EVERY, keep: 2 },
    rateLimits: {
      perIp: UNLIMITED,
      public: UNLIMITED,
      groups: Object.fromEntries(RATE_GROUPS.map((g) => [g, UNLIMITED])),
    },
  };
  const openDirect = (): Store =>
    database === undefined ? openSqliteStore(join(dataDir, SQLITE_FILE)) : openPostgresStore(database.url);
  let counter = 0;
  const unique = (prefix: string): string => `${prefix}${o.seed.toString(36)}_${++counter}`;
  const sent: Sent[] = [];
  const servers =
    o.cluster === undefined || o.cluster === false ? await singleServer(flags) : await enginePair(flags, o.cluster);
  let server: Target | undefined;
  try {
    const actors = await setUp(servers.targets()[0]!, o.actors ?? 4, unique);
    let world: World | undefined;
    for (let round = 0; round < o.rounds; round++) {
      const [low, high] = o.killAfterMs ?? [300, 2500];
      const killAfter = rng.int(low, high);
      const kill = { afterMs: killAfter, minAnswers: o.minAnswersPerRound ?? 100 };
      const entries = { victim: servers.current(), targets: servers.targets() };
      await traffic(entries, actors, kinds, rng.int(0, 2 ** 31), o.adminWorkers ?? 2, kill, unique, sent);
      server = undefined;

      const replayed = await replayVerify(dataDir, databaseArg);
      const store = openDirect();
      try {
        world = await loadWorld(store);
      } finally {
        await store.close();
      }
      assert.equal(world.hash, replayed.hash, 'the test and txc replay rebuild the same state');
      checkWholeness(world);

      server = await servers.takeOver();
      const served = await admin(server, 'GET', '/admin/v1/state');
      assert.deepEqual(served.body, { seq: world.state.seq, hash: world.hash }, `round ${round}: the restarted server`);
      for (const s of sent) await s.verify?.(world, server);
      await checkOpenOrders(server, actors, world);
      await checkBooks(server, world);
      await checkNonceReplays(server, actors, world.hash);
    }
    const stopped = await servers.stop();
    server = undefined;
    assert.equal(stopped, 0, 'graceful stop');
    const final = await replayVerify(dataDir, databaseArg);
    assert.equal(final.snapshot?.seq, final.seq, 'the graceful stop snapshots the final state');
    return { counts: tally(sent), finalSeq: final.seq, ...marketFigures(world) };
  } finally {
    await servers.crashAll();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** The run drove what it claims to: every kind acknowledged at least once, trades made, stops triggered. */
export function assertTrafficExercised(report: CrashReport, kinds: readonly RequestKind[] = REQUEST_KINDS): void {
  for (const k of kinds) assert.ok((report.counts[k.name]?.acknowledged ?? 0) > 0, `no ${k.name} was acknowledged`);
  assert.ok(report.trades > 0, 'the actors traded');
  assert.ok(report.stopsTriggered > 0, 'stops triggered');
  assert.ok(report.openOrders > 0, 'orders were open across a restart');
}

function marketFigures(world: World | undefined): Omit<CrashReport, 'counts' | 'finalSeq'> {
  const open = [...(world?.state.trading.orders.values() ?? [])];
  const stop = (o: { type: string }): boolean => o.type === 'stop limit' || o.type === 'stop market';
  return {
    trades: (world?.deals.length ?? 0) / 2,
    stopsTriggered:
      (world?.finished.filter((f) => f.activated !== 0).length ?? 0) +
      open.filter((o) => stop(o) && o.activated !== 0).length,
    openOrders: open.length,
    waitingStops: open.filter((o) => stop(o) && o.activated === 0).length,
  };
}

/** Every worker sends request after request until the kill; what was in flight then is `unknown`. */
async function traffic(
  { victim, targets }: { readonly victim: ChildServer; readonly targets: readonly Target[] },
  actors: readonly Actor[],
  kinds: readonly RequestKind[],
  seed: number,
  adminWorkers: number,
  kill: { readonly afterMs: number; readonly minAnswers: number },
  unique: (p: string) => string,
  sent: Sent[],
): Promise<void> {
  const signedKinds = kinds.filter((k) => k.signed);
  const adminKinds = kinds.filter((k) => !k.signed);
  const before = sent.length;
  let killedAt: number | undefined;
  const worker = async (
    pool: readonly RequestKind[],
    rng: Prng,
    actorOf: () => Actor,
    server: Target,
  ): Promise<void> => {
    if (pool.length === 0) return;
    // behind gateways a worker idle at the kill goes on with the next leader: the round ends with the kill
    while (killedAt === undefined) {
      const kind = rng.weighted(pool);
      try {
        const s = await kind.send({ server, rng, actor: actorOf(), unique });
        sent.push(s);
        if (s.outcome === 'unknown') return;
      } catch (e) {
        if (!(e instanceof NoAnswer)) throw e;
        sent.push({ kind: kind.name, outcome: 'unknown' });
        return;
      }
    }
  };
  const workers = [
    ...actors.map((a, i) => worker(signedKinds, new Prng(seed + i), () => a, targets[i % targets.length]!)),
    ...Array.from({ length: adminWorkers }, (_, i) => {
      const rng = new Prng(seed + 1000 + i);
      return worker(adminKinds, rng, () => rng.pick(actors), targets[i % targets.length]!);
    }),
  ];
  let running = workers.length;
  const stopped = (): void => void running--;
  for (const w of workers) w.then(stopped, stopped);
  const killed = (async () => {
    await sleep(kill.afterMs);
    while (sent.length - before < kill.minAnswers && running > 0) await sleep(10);
    await victim.crash();
    killedAt = performance.now();
  })();
  const results = await Promise.allSettled([...workers, killed]);
  for (const r of results) if (r.status === 'rejected') throw r.reason;
}

async function replayVerify(
  dataDir: string,
  database: string,
): Promise<{ seq: number; hash: string; verified: boolean; snapshot: { seq: number } | null }> {
  const r = await txc(['replay', '--verify', '--data-dir', dataDir, '--database', database]);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout) as {
    seq: number;
    hash: string;
    verified: boolean;
    snapshot: { seq: number } | null;
  };
  assert.equal(report.verified, true, `txc replay --verify: ${r.stdout}`);
  return report;
}

/** Nothing half-applied: every view of the store tells the same story. */
function checkWholeness(world: World): void {
  assert.deepEqual(conservationBreaches(world.state), [], 'conservation per asset');
  assert.deepEqual(negativeBalances(world.state), [], 'no negative balance');
  const { model, state } = world;
  assert.deepEqual(balancesOf(state), nonZero(model.balances), 'the engine state and the plain fold of the journal');
  assert.deepEqual(nonZeroAccount(state.ledger.fees), nonZeroAccount(model.fees), 'the venue fee account');
  assert.deepEqual(
    nonZeroAccount(state.ledger.pendingWithdrawals),
    nonZeroAccount(model.pendingWithdrawals),
    'pending withdrawals',
  );
  checkOpenOrderModel(world);
  const moved = new Set(
    world.journal.flatMap(({ command: c }) =>
      c.type === 'CreditDeposit' || c.type === 'RequestWithdrawal' ? [c.transactionId] : [],
    ),
  );
  assert.equal(world.wallet.length, world.walletTransactionIds.size, 'one wallet history row per transaction');
  assert.deepEqual(world.walletTransactionIds, moved, 'the wallet history and the journal');
}

/** Replaying a request the server acknowledged is refused, and changes nothing. */
async function checkNonceReplays(server: Target, actors: readonly Actor[], hash: string): Promise<void> {
  for (const actor of actors) {
    if (actor.lastAcknowledged === undefined) continue;
    const again = await send(server, actor.lastAcknowledged);
    assert.deepEqual([again.status, again.body], [429, { code: 0, message: 'Too many requests.', errors: {} }]);
  }
  const after = await admin(server, 'GET', '/admin/v1/state');
  assert.equal((after.body as { hash: string }).hash, hash, 'replayed requests change nothing');
}

function tally(sent: readonly Sent[]): Record<string, Record<Sent['outcome'], number>> {
  const out: Record<string, Record<Sent['outcome'], number>> = {};
  for (const s of sent) {
    const c = (out[s.kind] ??= { acknowledged: 0, refused: 0, unknown: 0 });
    c[s.outcome]++;
  }
  return out;
}
