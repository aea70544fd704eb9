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
export type VenueFlags = Readonly<Record<string, string | boolean | null>>;

/** What the leader records: its node and its flags. */
interface LeaderFlags {
  readonly node: string;
  readonly flags: VenueFlags;
}

/** A file named by a flag, by its content, not its path: each machine has a copy of its own. */
const fileDigest = (path: string): string =>
  `a file of digest ${createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 12)}`;

/** The flags as they take effect: a default left unset and the same value given are alike. */
export function venueFlagsOf(config: Config): VenueFlags {
  const venue = config.venue ?? (config.demo ? DEMO_VENUE_FILE : undefined);
  const priceFeed = config.priceFeed ?? (config.simulate ? 'random' : 'static');
  return {
    '--venue': venue === undefined ? null : fileDigest(venue),
    '--demo': config.demo,
    '--simulate': config.simulate,
    '--allow-faults': config.allowFaults,
    '--price-feed': priceFeed.startsWith('file:') ? fileDigest(priceFeed.slice('file:'.length)) : priceFeed,
    fundingSettlement: config.fundingSettlement ?? (config.demo && !config.simulate ? 'admin' : 'schedule'),
  };
}

/** The record of `node` leading with `flags`. */
export const leaderFlagsRecord = (node: string, flags: VenueFlags): string => JSON.stringify({ node, flags });

/** The record as stored, when it is one: a record this version cannot read compares with nothing. */
function readRecord(recorded: string | undefined): LeaderFlags | undefined {
  if (recorded === undefined) return undefined;
  try {
    const record = JSON.parse(recorded) as Partial<LeaderFlags> | null;
    if (typeof record?.node !== 'string' || typeof record.flags !== 'object' || record.flags === null) return undefined;
    return record as LeaderFlags;
  } catch {
    return undefined;
  }
}

/**
 * How this node's flags differ from those the leader recorded (`recorded`, as stored): undefined when
 * they do not, or nothing readable was recorded (no node led yet, or one of another version). A flag
 * the record does not hold (a version before it) is not compared.
 */
export function flagsDiffer(recorded: string | undefined, own: VenueFlags): string | undefined {
  const record = readRecord(recorded);
  if (record === undefined) return undefined;
  const { node, flags } = record;
  const shown = (value: string | boolean | null | undefined): string =>
    value === null || value === undefined ? 'none' : String(value);
  const differing = Object.keys(own)
    .filter((name) => name in flags && own[name] !== flags[name])
    .map((name) => `${name} ${shown(own[name])} here, ${shown(flags[name])} on ${node}`);
  if (differing.length === 0) return undefined;
  return `${differing.join('; ')}: whichever node leads runs the venue with its own flags; give every engine node the same`;
}
