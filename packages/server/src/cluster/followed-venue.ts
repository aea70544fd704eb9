import type { Command, CommandResults, State } from '@txc/core';
import type { Store } from '../store/port.js';
import type { WebsocketTokens } from '../venue/keys/websocket-tokens.js';
import type { Clock } from '../venue/sequencer/clock.js';
import type { EventListener, Submitted } from '../venue/sequencer/sequencer.js';
import type { VenueView } from '../venue/venue-view.js';
import { unavailableAfter } from './request-deadline.js';
import type { CommandLink } from './command-link.js';
import type { JournalFollower } from './journal-follower.js';

/** Settled from the start: everything a follower applies is committed already. */
const DURABLE = Promise.resolve();

/**
 * A gateway's venue: the state the leader committed, applied again from the journal as it grows,
 * with commands handed to the leader. Its streams push what the journal holds, and only that, so no
 * push waits for a commit; a command resolves once this copy has applied it.
 */
export class FollowedVenue implements VenueView {
  private readonly changeListeners: ((apiKey: string | undefined) => void)[] = [];

  constructor(
    private readonly follower: JournalFollower,
    private readonly link: CommandLink,
    readonly store: Store,
    readonly clock: Clock,
    readonly websocketTokens: WebsocketTokens,
    /** How long a request waits for this copy to apply what the leader committed before it. */
    private readonly catchUpMs: number,
  ) {}

  get state(): State {
    return this.follower.state;
  }

  /**
   * Resolves once this copy has applied `seq`; rejects as unavailable when it could not in
   * `catchUpMs`, or by the end of the request it serves.
   */
  caughtUp(seq: number): Promise<void> {
    if (this.follower.state.seq >= seq) return DURABLE;
    return unavailableAfter(this.follower.reach(seq), this.catchUpMs);
  }

  submit<C extends Command>(cmd: C): Promise<Submitted<CommandResults[C['type']]>> {
    return this.link.submit(cmd);
  }

  barrier(): Promise<void> {
    return DURABLE;
  }

  durable(): Promise<void> {
    return DURABLE;
  }

  /** The copy applies committed entries only. */
  readonly durableNow = true;

  /** Once the request is due, the read goes on alone: what it finds then is dropped. */
  readDurable<T>(read: (store: Store) => Promise<T>): Promise<T> {
    return unavailableAfter(read(this.store));
  }

  subscribe(events: EventListener, reset: () => Promise<void>): void {
    this.follower.onApplied(events);
    this.follower.onReload(reset);
  }

  onKeyChanged(listener: (apiKey: string | undefined) => void): void {
    this.changeListeners.push(listener);
  }

  /**
   * The leader said `apiKey` was revoked, or the gateway read the keys again (undefined: any key may
   * have changed), and its keys say so already: the sockets are checked against them again.
   */
  keyChanged(apiKey: string | undefined): void {
    for (const listen of this.changeListeners) listen(apiKey);
  }
}
