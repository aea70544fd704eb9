import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Config } from '../config/schema.js';
import { DEMO_VENUE_FILE } from '../process/serve.js';

/** Where the leader records the flags it leads with, and which node it is. */
export const VENUE_FLAGS_META = 'cluster.venue-flags';

/**
 * The flags that make the venue a node leads what it is: whichever node leads runs the venue with its
 * own, so two nodes started with different ones lead two venues, one before a failover and one after.
 */
type VenueFlags = Readonly<Record<string, string | boolean | null>>;

/** What the leader records: its node and its flags. */
interface LeaderFlags {
  readonly node: string;
  readonly flags: VenueFlags;
}

export function venueFlagsOf(config: Config): VenueFlags {
  const path = config.venue ?? (config.demo ? DEMO_VENUE_FILE : undefined);
  return {
    // the file's content, not its path: each machine has a copy of its own
    '--venue':
      path === undefined
        ? null
        : `a file of digest ${createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 12)}`,
    '--demo': config.demo,
    '--simulate': config.simulate,
    '--allow-faults': config.allowFaults,
    '--price-feed': config.priceFeed ?? null,
    fundingSettlement: config.fundingSettlement ?? null,
  };
}

/** The record of `node` leading with `flags`. */
export const leaderFlagsRecord = (node: string, flags: VenueFlags): string => JSON.stringify({ node, flags });

/**
 * How this node's flags differ from those the leader recorded (`recorded`, as stored): undefined when
 * they do not, or nothing was recorded (no node led yet, or one of a version before).
 */
export function flagsDiffer(recorded: string | undefined, own: VenueFlags): string | undefined {
  if (recorded === undefined) return undefined;
  const { node, flags } = JSON.parse(recorded) as LeaderFlags;
  const shown = (value: string | boolean | null | undefined): string =>
    value === null || value === undefined ? 'none' : String(value);
  const differing = Object.keys(own)
    .filter((name) => own[name] !== flags[name])
    .map((name) => `${name} ${shown(own[name])} here, ${shown(flags[name])} on ${node}`);
  if (differing.length === 0) return undefined;
  return `${differing.join('; ')}: whichever node leads runs the venue with its own flags; give every engine node the same`;
}
