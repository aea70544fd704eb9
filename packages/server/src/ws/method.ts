import type { WsConnection } from './connection.js';

/**
 * A request method of the socket besides the channels' own (`ping`, `time`, `authorize`, order
 * methods). Throws WsError to refuse; answers its result (a promise of it when it waits for something).
 */
export interface MethodSpec {
  /** Needs `authorize` first: code 6 otherwise. */
  readonly private: boolean;
  /**
   * The answer reads state: it is held until everything applied before it is durable. Methods whose
   * result is durable already (an order placed through the sequencer) or reads none (`ping`) say no.
   */
  readonly readsState: boolean;
  handle(conn: WsConnection, params: readonly unknown[]): unknown;
}

export type MethodTable = Readonly<Record<string, MethodSpec>>;
