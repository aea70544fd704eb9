import type { Event } from '../events/event.js';

/** What the sequencer stamps on a command, and where its handler records events. */
export interface ApplyContext {
  readonly seq: number;
  /** Microseconds since the Unix epoch. */
  readonly time: number;
  /** Records an event of the command, after those recorded before it. */
  emit(event: Event): void;
}
