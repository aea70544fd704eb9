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
    ...parts,
  };
}
