import type { Event } from '../events/event.js';

/** What the sequencer stamps on a command, and where its handler records events. */
export interface ApplyContext {
  readonly seq: number;
  /** Microseconds since the Unix epoch. */
  readonly time: number;
  readonly events: Event[];
}
