import type { Venue } from '../venue/venue.js';

/**
 * One step of the demo seed. A step runs once per data dir: its commands (submitted without
 * awaiting, in `Venue.inOneCommit`) and its marker land together or not at all.
 * Later features append steps; a step never changes once it has shipped.
 */
export interface SeedStep {
  readonly name: string;
  /** Submits the step's work; every promise must be returned so the seed can wait on them. */
  run(venue: Venue): Promise<unknown>[];
}
