import type { Command } from '@txc/core';

export type CommandOutcome = 'accepted' | 'refused' | 'idle';

/** Where a store failed: a group commit, a snapshot save, a pooled connection, a recovery attempt. */
export type StoreOperation = 'commit' | 'snapshot' | 'connection' | 'recovery';

/**
 * What the venue reports as it runs, for monitoring (metrics/metrics.ts implements it). Called on
 * the hot path: implementations only count.
 */
export interface VenueObserver {
  /** A command was applied or refused by the engine (`idle`: a venue's own check found nothing to do). */
  commandApplied(type: Command['type'], result: CommandOutcome): void;
  /** A group commit became durable: the commands it journaled, and how long the store took. */
  groupCommitted(commands: number, seconds: number): void;
  storeFailed(operation: StoreOperation): void;
}
