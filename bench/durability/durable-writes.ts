import type { Measurement } from '../suite.js';
import { startChild } from '../http/children.js';
import { benchKeys } from '../http/foundation-suite.js';
import { ORDER_NEW_PATH, OrderFlow } from '../http/order-flow.js';
import { signedLoad } from '../http/signed-load.js';
import { benchDatabase } from './bench-postgres.js';

export type BenchStore = 'sqlite' | 'postgres';

/** A txc server on one store, fsynced or not, with its keys funded: load it as often as needed. */
export interface DurableWrites {
  readonly label: string;
  load(label: string, seconds: number): Promise<Measurement>;
  stop(): Promise<void>;
}

/**
 * Signed durable writes on one store, with group commit, fsynced or not: each write a spot limit
 * order through order/new (one PlaceOrder journaled, its trades and finished orders projected in
 * the same commit), from an order flow every answer of which is a success, however many runs.
 */
export async function durableWrites(
  store: BenchStore,
  unsafeNoFsync: boolean,
  connections: number,
): Promise<DurableWrites> {
  const database = store === 'postgres' ? await benchDatabase() : undefined;
  const txc = await startChild<{ url: string; adminToken: string }>('./txc-server.ts', [
    JSON.stringify({ database: database?.url ?? 'sqlite', unsafeNoFsync }),
  ]);
  const stop = async (): Promise<void> => {
    await txc.stop();
    await database?.drop();
  };
  try {
    const keys = await benchKeys(txc.info.url, txc.info.adminToken, connections, 'writer');
    const flow = new OrderFlow();
    return {
      label: `signed order/new (${store === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${unsafeNoFsync ? '--unsafe-no-fsync' : 'durable'})`,
      load: (label, seconds) =>
        signedLoad(
          label,
          ORDER_NEW_PATH,
          keys,
          { url: txc.info.url, connections, durationSeconds: seconds },
          flow.next,
        ),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
