/** PostgreSQL's error code for a write the lease fences off (migration 0012). */
const FENCED = 'TXC01';

/** A write the cluster's lease refused: another node leads, or this session's epoch is no longer held. */
export function isFenced(e: unknown): boolean {
  return (e as { code?: unknown } | undefined)?.code === FENCED;
}

/**
 * Runs a write made without a lease epoch (a node at start-up): false when the lease refused it, for
 * then a leader holds the store and records what it must itself.
 */
export async function unlessFenced(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (e) {
    if (isFenced(e)) return false;
    throw e;
  }
}
