/**
 * What the SQLite store's group commits of the order/new flow cost, without HTTP, the load generator
 * or the event loop around them: `node --import tsx bench/durability/commit-replay.ts [commits]
 * [orders per commit]`. The http suite's order flow (OrderFlow) runs through the engine for 100
 * users; its journal entries, nonces and projected rows are committed through a fresh store (its
 * writer thread, SQLite with synchronous=FULL), one commit after the other, and the process's CPU
 * per order (all its threads) is printed. A change to the store or its schema moves this figure by
 * a few percent at most from run to run, where paired HTTP runs move by a fifth.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeCommand, parseUnits, spotLimitOrder, type MarketSpec, type PlaceOrder } from '@txc/core';
import {
  CandleProjection,
  commitBatch,
  loadConfig,
  openStore,
  project,
  USER_HISTORY_CATCH_UP_EVERY,
  type CommitBatch,
  type JournalRecord,
  type ProjectionWrite,
  type TouchedCandles,
} from '@txc/server';
import { OrderFlow } from '../http/order-flow.js';
import type { BenchKey } from '../http/signed-load.js';
import { applyNext, spotVenue } from '../spot-venue.js';

const COMMITS = Number(process.argv[2] ?? '3000');
const PER_COMMIT = Number(process.argv[3] ?? '24');
const USERS = 100;
const T0 = 1_800_000_000_000_000;

const MARKET: MarketSpec = {
  name: 'BTC_USDT',
  stock: 'BTC',
  money: 'USDT',
  type: 'spot',
  stockPrec: 6,
  moneyPrec: 2,
  feePrec: 6,
  makerFee: 1_000_000_000_000_000n,
  takerFee: 1_000_000_000_000_000n,
  minAmount: 1n,
  minTotal: 0n,
  maxTotal: 0n,
  tradesEnabled: true,
  isCollateral: false,
};

/** The flow's next order of `user`, as order/new's route makes its command. */
function placeOrder(user: string, body: Readonly<Record<string, unknown>>): PlaceOrder {
  const units = (text: unknown, precision: number): number => Number(parseUnits(String(text), precision));
  const side = body.side === 'buy' ? 'buy' : 'sell';
  return spotLimitOrder(
    user,
    MARKET.name,
    side,
    units(body.price, MARKET.moneyPrec),
    units(body.amount, MARKET.stockPrec),
  );
}

/** Every group commit of the run, built before any is written (as the sequencer builds each). */
function groupCommits(): CommitBatch[] {
  const users = Array.from({ length: USERS }, (_, u) => `bench${u}`);
  const state = spotVenue(MARKET, { stock: 8, money: 6 }, users, 10n ** 18n, T0);
  const flow = new OrderFlow();
  const keys: BenchKey[] = Array.from({ length: USERS }, (_, u) => ({ apiKey: `key${u}`, apiSecret: '', nonce: 0 }));
  const commits: CommitBatch[] = [];
  const candles = new CandleProjection();
  let order = 0;
  let historyRows = 0;
  for (let c = 0; c < COMMITS; c++) {
    const journal: JournalRecord[] = [];
    const projections: ProjectionWrite[] = [];
    const nonces = new Map<string, number>();
    const touched: TouchedCandles = new Set();
    for (let i = 0; i < PER_COMMIT; i++, order++) {
      const key = keys[order % USERS]!;
      const cmd = placeOrder(`bench${order % USERS}`, flow.next(key));
      const { seq, events } = applyNext(state, cmd, T0 + state.seq + 1);
      journal.push({ seq, time: T0 + seq, command: encodeCommand(cmd) });
      nonces.set(key.apiKey, T0 + seq);
      const before = projections.length;
      project(events, seq, projections);
      historyRows += projections.length - before;
      candles.fold(events, touched);
    }
    projections.push(...candles.writes(touched, state));
    const catchUp = historyRows >= USER_HISTORY_CATCH_UP_EVERY;
    if (catchUp) historyRows = 0;
    commits.push(commitBatch({ journal, projections, nonces, userHistoryCatchUp: catchUp }));
  }
  return commits;
}

const commits = groupCommits();
const dir = mkdtempSync(join(tmpdir(), 'txc-commit-replay-'));
const store = openStore(loadConfig({ env: {}, flags: { dataDir: dir, database: 'sqlite' } }));
try {
  await store.migrate();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const batch of commits) await store.commit(batch);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const orders = COMMITS * PER_COMMIT;
  const perOrder = (us: number): string => `${Math.round((100 * us) / orders) / 100}`;
  process.stdout.write(
    `${COMMITS} commits of ${PER_COMMIT} orders: CPU per order ${perOrder(cpu.user + cpu.system)} µs ` +
      `(user ${perOrder(cpu.user)}, system ${perOrder(cpu.system)}), wall-clock per order ${perOrder(ms * 1000)} µs\n`,
  );
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
