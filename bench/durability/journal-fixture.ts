import { apply, assetWithoutNetworks, createState, encodeJson, type Command, type State } from '@txc/core';
import { commitBatch, type JournalRecord, type Store } from '@txc/server';

const USERS = 1000;
/** The asset, the users and their deposits, before the first transfer. */
const SET_UP = 1 + 2 * USERS;
const BATCH = 10_000;
const T0 = 1_800_000_000_000_000;

/**
 * A journal of `count` real commands written straight into a store, as a venue that ran for a
 * while leaves it: an asset, a thousand funded users, then transfers back and forth between their
 * main and spot accounts. Each command goes through the engine, so replaying it is valid. With
 * `from` (the state a previous call returned), the journal is carried on to `count`.
 */
export async function writeJournal(store: Store, count: number, from?: State): Promise<State> {
  const state = from ?? createState();
  let seq = state.seq;
  const pending: JournalRecord[] = [];
  const push = async (cmd: Command): Promise<void> => {
    seq++;
    const outcome = apply(state, cmd, { seq, time: T0 + seq });
    if (!outcome.result.ok) throw new Error(`fixture command ${seq} refused: ${outcome.result.rejection.reason}`);
    pending.push({ seq, time: T0 + seq, command: encodeJson(cmd) });
    if (pending.length >= BATCH) await store.commit(commitBatch({ journal: pending.splice(0) }));
  };
  if (seq === 0) await setUp(push, count);
  for (let i = seq - SET_UP; seq < count; i++) {
    const u = i % USERS;
    const there = Math.floor(i / USERS) % 2 === 0;
    await push({
      type: 'Transfer',
      user: `user${u}`,
      ticker: 'USDT',
      amount: 1000n + BigInt(u),
      from: there ? 'main' : 'spot',
      to: there ? 'spot' : 'main',
    });
  }
  if (pending.length > 0) await store.commit(commitBatch({ journal: pending.splice(0) }));
  return state;
}

async function setUp(push: (cmd: Command) => Promise<void>, count: number): Promise<void> {
  let n = 0;
  const step = async (cmd: Command): Promise<void> => {
    if (n++ < count) await push(cmd);
  };
  await step({
    type: 'DefineAsset',
    asset: assetWithoutNetworks('USDT', 6),
  });
  for (let u = 0; u < USERS; u++) await step({ type: 'CreateUser', name: `user${u}`, eea: false });
  for (let u = 0; u < USERS; u++) {
    await step({
      type: 'CreditDeposit',
      transactionId: `fixture-${u}`,
      user: `user${u}`,
      ticker: 'USDT',
      amount: 1_000_000_000n,
      network: null,
      txid: null,
      address: null,
      memo: null,
    });
  }
}
