import type { Measurement } from '../suite.js';
import { startChild } from '../http/children.js';
import { benchKeys } from '../http/foundation-suite.js';
import { ORDER_NEW_PATH, OrderFlow } from '../http/order-flow.js';
import { signedLoad, type LoadOptions } from '../http/signed-load.js';
import { benchDatabase } from './bench-postgres.js';

export type BenchStore = 'sqlite' | 'postgres';

/**
 * Signed durable writes per second on one store, with group commit, fsynced or not: each write a
 * spot limit order through order/new (one PlaceOrder journaled, its trades and finished orders
 * projected in the same commit), from an order flow every answer of which is a success.
 */
export async function durableWrites(
  store: BenchStore,
  unsafeNoFsync: boolean,
  load: { connections: number; warmSeconds: number; seconds: number },
): Promise<Measurement> {
  const database = store === 'postgres' ? await benchDatabase() : undefined;
  const txc = await startChild<{ url: string; adminToken: string }>('./txc-server.ts', [
    JSON.stringify({ database: database?.url ?? 'sqlite', unsafeNoFsync }),
  ]);
  try {
    const keys = await benchKeys(txc.info.url, txc.info.adminToken, load.connections, 'writer');
    const base: LoadOptions = { url: txc.info.url, connections: load.connections, durationSeconds: load.warmSeconds };
    const flow = new OrderFlow();
    await signedLoad('warm-up', ORDER_NEW_PATH, keys, base, flow.next);
    const label = `${store === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${unsafeNoFsync ? '--unsafe-no-fsync' : 'durable'}`;
    return await signedLoad(
      `signed order/new (${label})`,
      ORDER_NEW_PATH,
      keys,
      { ...base, durationSeconds: load.seconds },
      flow.next,
    );
  } finally {
    await txc.stop();
    await database?.drop();
  }
}
