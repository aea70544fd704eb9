import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/schema.js';
import type { FaultBoard } from '../faults/fault-board.js';
import type { SimulatorSettings } from '../simulator/simulator-settings.js';
import type { Venue } from '../venue/venue.js';

/**
 * A background job: it only submits commands, like any client would; it never changes state
 * directly. Started by `txc serve --simulate` (and by later features where they say so).
 */
export interface Job {
  readonly name: string;
  /** Starts the job; returns how to stop it. */
  start(context: JobContext): () => Promise<void>;
}

export interface JobContext {
  readonly venue: Venue;
  readonly config: Config;
  readonly log: FastifyBaseLogger;
  /** Under --simulate: how the maker quotes, the takers trade and the index walks, per market. */
  readonly simulator?: SimulatorSettings;
  /** A sandbox's fault rules: the simulator leaves a halted market alone. */
  readonly faults?: FaultBoard;
}
