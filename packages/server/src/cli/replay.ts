import { existsSync } from 'node:fs';
import type { Config } from '../config/schema.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/port.js';
import { checkStoreKind } from '../store/store-kind.js';
import { sqliteFileOf } from '../store/store-location.js';
import { JournalCorruptError, loadState } from '../venue/sequencer/load-state.js';
import { hashText, stateHash } from '../venue/sequencer/state-hash.js';
import { Progress } from '../process/progress.js';
import { OperatorError } from './operator-error.js';

export interface ReplayReport {
  /** The seq both rebuilds stopped at: the journal's last entry when the replay began. */
  readonly seq: number;
  readonly replayed: number;
  /** The hash of the state rebuilt from the journal alone (genesis). */
  readonly hash: string;
  /**
   * With --verify: the latest snapshot, whether it is intact (its state matches its own hash), and
   * whether the journal rebuilds exactly its state at its seq.
   */
  readonly snapshot?: { readonly seq: number; readonly intact: boolean; readonly matchesJournal: boolean } | null;
  /** With --verify: the hash of the state rebuilt from the latest snapshot and the journal tail. */
  readonly fromSnapshotHash?: string;
  readonly verified?: boolean;
}

/**
 * `txc replay`: rebuilds the state from the journal alone (genesis) and prints its hash. With
 * --verify, also checks that the latest snapshot is the state the journal gives at its seq, and
 * that the snapshot plus the journal tail give the same state as genesis.
 *
 * It only reads, so it may run beside the server that holds the store: it neither creates a store
 * nor migrates one (a newer txc's migrations would change the tables under an older server). The
 * server keeps journaling meanwhile, so what is checked is a prefix: the latest snapshot and the
 * journal's last seq are read first, and both rebuilds stop at that seq, whatever came after.
 * Progress goes to `out` on a terminal; one summary line goes there always.
 */
export async function replay(
  config: Config,
  verify: boolean,
  out: NodeJS.WriteStream = process.stderr,
): Promise<ReplayReport> {
  checkStoreKind(config);
  const file = sqliteFileOf(config.database, config.dataDir);
  if (file !== undefined && !existsSync(file)) throw new OperatorError(`no store at ${file}`);
  const store = openStore(config);
  try {
    return await replayStore(store, verify, out);
  } catch (e) {
    // a journal that cannot be replayed is the finding, not a failure of the tool
    if (e instanceof JournalCorruptError) throw new OperatorError(`the journal cannot be replayed: ${e.message}`);
    throw e;
  } finally {
    await store.close();
  }
}

async function replayStore(store: Store, verify: boolean, out: NodeJS.WriteStream): Promise<ReplayReport> {
  await checkSchema(store);
  // the snapshot before the seq: a snapshot is saved only once its seq is durable, so it lies within the prefix
  const snapshot = verify ? await store.latestSnapshot() : undefined;
  const untilSeq = await store.lastSeq();
  const run = new Progress(verify ? 'txc replay --verify' : 'txc replay', 'commands', out);
  const fromGenesis = new Progress('txc replay: from genesis', 'commands', out);
  let atSnapshotHash: string | undefined;
  const genesis = await loadState(store, {
    ignoreSnapshots: true,
    untilSeq,
    onProgress: (done, total) => fromGenesis.update(done, total),
    onApplied:
      snapshot === undefined
        ? undefined
        : (state) => {
            if (state.seq === snapshot.seq) atSnapshotHash = stateHash(state);
          },
  });
  const hash = stateHash(genesis.state);
  const seq = genesis.state.seq;
  fromGenesis.clear();
  if (!verify) {
    run.finish(`${genesis.replayed} commands replayed to seq ${seq}, state ${hash}`, genesis.replayed);
    return { seq, replayed: genesis.replayed, hash };
  }
  // a damaged snapshot (what the next start would load) is reported, and genesis still checked against itself
  const intact = snapshot === undefined || hashText(snapshot.state) === snapshot.hash;
  const fromSnapshotProgress = new Progress(
    `txc replay --verify: from ${snapshot === undefined || !intact ? 'genesis again' : `the snapshot at seq ${snapshot.seq}`}`,
    'commands',
    out,
  );
  const fromSnapshot = await loadState(store, {
    ...(snapshot === undefined || !intact ? { ignoreSnapshots: true } : { snapshot }),
    untilSeq,
    onProgress: (done, total) => fromSnapshotProgress.update(done, total),
  });
  const fromSnapshotHash = stateHash(fromSnapshot.state);
  const snapshotOk = snapshot === undefined || atSnapshotHash === snapshot.hash;
  const verified = intact && snapshotOk && fromSnapshotHash === hash;
  fromSnapshotProgress.clear();
  const verdict = verified
    ? `seq ${seq} verified: genesis and ${snapshot === undefined ? 'a second replay' : `the snapshot at seq ${snapshot.seq}`} agree, state ${hash}`
    : `seq ${seq} NOT verified: ${notVerified(snapshot?.seq ?? 0, intact, snapshotOk)}`;
  run.finish(verdict, genesis.replayed + fromSnapshot.replayed);
  return {
    seq,
    replayed: genesis.replayed,
    hash,
    snapshot: snapshot === undefined ? null : { seq: snapshot.seq, intact, matchesJournal: snapshotOk },
    fromSnapshotHash,
    verified,
  };
}

function notVerified(snapshotSeq: number, intact: boolean, matchesJournal: boolean): string {
  if (!intact) {
    return `the snapshot at seq ${snapshotSeq} is damaged (its state does not match its hash): the server cannot start from it; delete it and the next start rebuilds from the journal`;
  }
  if (!matchesJournal) return `the snapshot at seq ${snapshotSeq} is not the state the journal gives there`;
  return 'the snapshot and its tail reach another state';
}

/** Refuses a store this version cannot read as it is: an empty database, one not yet migrated, or one a newer txc migrated. */
async function checkSchema(store: Store): Promise<void> {
  const { applied, pending, unknown } = await store.pendingMigrations();
  if (applied === 0) throw new OperatorError('no txc venue in that database (no txc migration has run there)');
  if (unknown.length > 0) {
    throw new OperatorError(
      `the store was migrated by a newer txc (${unknown.join(', ')}): replay it with that version`,
    );
  }
  if (pending.length > 0) {
    throw new OperatorError(
      `the store is not yet migrated to this txc (pending: ${pending.join(', ')}): ` +
        'txc serve migrates it when it starts; replay only reads',
    );
  }
}
