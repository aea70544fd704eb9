import { findMiningAccount } from '@txc/core';
import type { Venue } from '../venue/venue.js';
import type { SeedStep } from './seed-step.js';

/** The demo venue's mining account (demo-seed.md). */
export const DEMO_MINING_ACCOUNT = 'demo_miner';

/** `demo_eea` is "the same as demo" but for its region, so it mines too. */
export const DEMO_MINERS: readonly string[] = ['demo', 'demo_eea'];

/** The demo users that own the demo mining account now. */
export function demoMiners(venue: Venue): string[] {
  return DEMO_MINERS.filter((user) => findMiningAccount(venue.state.mining, user, DEMO_MINING_ACCOUNT) !== undefined);
}

export const demoMiningAccounts: SeedStep = {
  name: 'mining-accounts',
  run(venue) {
    return DEMO_MINERS.filter((user) => venue.state.users.has(user) && !demoMiners(venue).includes(user)).map((user) =>
      venue.submit({ type: 'CreateMiningAccount', user, name: DEMO_MINING_ACCOUNT }),
    );
  },
};
