import type { CommitBatch } from './port.js';

/** A commit batch holding only the given parts, for tools and fixtures that write a store directly. */
export function commitBatch(parts: Partial<CommitBatch>): CommitBatch {
  return {
    journal: [],
    projections: [],
    apiKeys: [],
    nonces: new Map(),
    windowNonces: [],
    windowNonceFloor: 0,
    meta: new Map(),
    audit: [],
    userHistoryCatchUp: false,
    ...parts,
  };
}

/**
 * Consecutive group commits as one: what writing them one after the other leaves, in one
 * transaction (a store that fell behind catches up with one fsync).
 */
export function mergeBatches(batches: readonly CommitBatch[]): CommitBatch {
  if (batches.length === 1) return batches[0]!;
  return {
    journal: batches.flatMap((b) => b.journal),
    projections: batches.flatMap((b) => b.projections),
    apiKeys: batches.flatMap((b) => b.apiKeys),
    // A later value of a key is the one the earlier writes would have been overwritten with.
    nonces: new Map(batches.flatMap((b) => [...b.nonces])),
    windowNonces: batches.flatMap((b) => b.windowNonces),
    // Forgetting less than allowed is always safe.
    windowNonceFloor: batches.reduce((floor, b) => Math.min(floor, b.windowNonceFloor), Number.POSITIVE_INFINITY),
    meta: new Map(batches.flatMap((b) => [...b.meta])),
    audit: batches.flatMap((b) => b.audit),
    // the catch-up runs last: it takes in the rows of every batch merged
    userHistoryCatchUp: batches.some((b) => b.userHistoryCatchUp),
  };
}
