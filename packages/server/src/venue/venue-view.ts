import type { Command, CommandResults, State } from '@txc/core';
import type { Store } from '../store/port.js';
import type { WebsocketTokens } from './keys/websocket-tokens.js';
import type { Clock } from './sequencer/clock.js';
import type { EventListener, Submitted } from './sequencer/sequencer.js';

/**
 * What order entry and the streams need of a venue: its state and store to read, commands to
 * submit, and its applied commands to follow. The venue that sequences is one; a gateway's copy,
 * which follows the committed journal and hands its commands to the leader, is the other.
 */
export interface VenueView {
  readonly state: State;
  readonly clock: Clock;
  readonly store: Store;
  readonly websocketTokens: WebsocketTokens;
  /** Resolves with the command's result once it is durable. */
  submit<C extends Command>(cmd: C): Promise<Submitted<CommandResults[C['type']]>>;
  /** Resolves once everything applied so far is durable; refused while the venue takes no writes. */
  barrier(): Promise<void>;
  /**
   * Resolves once everything applied so far is durable, also while the venue takes no commands for a
   * moment (a saved state being written); refused from a failed commit until the venue has rebuilt.
   */
  durable(): Promise<void>;
  /** False while `durable` refuses: a rebuild from the store, which closes every socket, is coming. */
  readonly durableNow: boolean;
  /**
   * `read` of the store once everything applied so far is durable, so that it shows nothing a crash
   * could take back. It ends as unavailable (503) in time for its request to be answered (a
   * gateway: by the request's end; `txc serve`: its store wait): a store that hangs holds the read,
   * not the client.
   */
  readDurable<T>(read: (store: Store) => Promise<T>): Promise<T>;
  /** Every accepted command's events as it applies; `reset` after the state was rebuilt from the store. */
  subscribe(events: EventListener, reset: () => Promise<void>): void;
  /**
   * Told the id of each API key revoked (at once) or whose record changed (once the change is
   * durable), or undefined when any key may have changed (the keys read again): the sockets a key
   * authorized are checked against it again (`websocketTokens.standing`).
   */
  onKeyChanged(listener: (apiKey: string | undefined) => void): void;
}
