/** PostgreSQL's error code for a write the lease fences off (migration 0012). */
const FENCED = 'TXC01';

/** A write the cluster's lease refused: another node leads, or this session's epoch is no longer held. */
export function isFenced(e: unknown): boolean {
  return (e as { code?: unknown } | undefined)?.code === FENCED;
}
