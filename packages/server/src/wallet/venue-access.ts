import type { Command, CommandResults, Outcome, State } from '@txc/core';

/**
 * What the wallet's services use of the venue (venue/venue.ts is the one): its state, submitting a
 * command, and waiting until what was submitted before is applied. The wallet stands below the
 * venue's use cases (the admin credits deposits through it), so it names what it needs here rather
 * than importing the venue.
 */
export interface VenueAccess {
  readonly state: State;
  submit<C extends Command>(cmd: C): Promise<Pick<Outcome<CommandResults[C['type']]>, 'result'>>;
  barrier(): Promise<void>;
}
