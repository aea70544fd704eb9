import type { Config } from '../config/schema.js';
import { openStore } from '../store/open-store.js';
import { loadState } from '../venue/load-state.js';
import { stateHash } from '../venue/state-hash.js';

export interface ReplayReport {
  readonly seq: number;
  readonly replayed: number;
  /** The hash of the state rebuilt from the journal alone (genesis). */
  readonly hash: string;
  /** With --verify: the latest snapshot, and whether the journal rebuilds exactly its state at its seq. */
  readonly snapshot?: { readonly seq: number; readonly matchesJournal: boolean } | null;
  /** With --verify: the hash of the state rebuilt from the latest snapshot and the journal tail. */
  readonly fromSnapshotHash?: string;
  readonly verified?: boolean;
}

/**
 * `txc replay`: rebuilds the state from the journal alone (genesis) and prints its hash. With
 * --verify, also checks that the latest snapshot is the state the journal gives at its seq, and
 * that the snapshot plus the journal tail give the same final state as genesis.
 */
export async function replay(config: Config, verify: boolean): Promise<ReplayReport> {
  const store = openStore(config);
  try {
    await store.migrate();
    const snapshot = verify ? await store.latestSnapshot() : undefined;
    let atSnapshotHash: string | undefined;
    const genesis = await loadState(store, {
      ignoreSnapshots: true,
      onApplied:
        snapshot === undefined
          ? undefined
          : (state) => {
              if (state.seq === snapshot.seq) atSnapshotHash = stateHash(state);
            },
    });
    const hash = stateHash(genesis.state);
    if (!verify) return { seq: genesis.state.seq, replayed: genesis.replayed, hash };
    const fromSnapshot = await loadState(store);
    const fromSnapshotHash = stateHash(fromSnapshot.state);
    const snapshotOk = snapshot === undefined || atSnapshotHash === snapshot.hash;
    return {
      seq: genesis.state.seq,
      replayed: genesis.replayed,
      hash,
      snapshot: snapshot === undefined ? null : { seq: snapshot.seq, matchesJournal: snapshotOk },
      fromSnapshotHash,
      verified: snapshotOk && fromSnapshotHash === hash,
    };
  } finally {
    await store.close();
  }
}
