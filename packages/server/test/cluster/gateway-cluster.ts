import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../src/config/schema.js';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { engineNodeFlags, gatewayFlags, leading } from '../durability/venue-processes.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { createTestDatabase } from '../support/postgres.js';

/** A demo venue's cluster: node A leading, node B standing by, gateways G1 and G2, on a database of its own. */
export interface GatewayCluster {
  readonly nodeA: ChildServer;
  readonly nodeB: ChildServer;
  readonly g1: ChildServer;
  readonly g2: ChildServer;
  /** Starts one more gateway, `id`, in front of the same cluster (killed with the others). */
  startGateway(id: string): Promise<ChildServer>;
  /** Kills every process and drops the database. */
  destroy(): Promise<void>;
}

/** `extra`: settings every process of the cluster takes besides its own. */
export async function startGatewayCluster(name: string, extra: Partial<Config> = {}): Promise<GatewayCluster> {
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), `txc-${name}-`));
  const flags: Partial<Config> = { ...extra, dataDir, database: db.url, venue: DEMO_VENUE_FILE };
  const shared = { masterKey: 'ef'.repeat(32), adminToken: `${name}-admin-token` };
  const started: ChildServer[] = [];
  const start = async (flagsOf: Partial<Config>): Promise<ChildServer> => {
    const child = await startChildServer(flagsOf);
    started.push(child);
    return child;
  };
  const destroy = async (): Promise<void> => {
    await Promise.all(started.map((p) => p.crash()));
    rmSync(dataDir, { recursive: true, force: true });
    await db.drop();
  };
  try {
    const nodeA = await leading(await start(engineNodeFlags(flags, 'A', shared)));
    const nodeB = await start(engineNodeFlags(flags, 'B', shared));
    const g1 = await start(gatewayFlags(flags, 'G1', shared));
    const g2 = await start(gatewayFlags(flags, 'G2', shared));
    const startGateway = (id: string): Promise<ChildServer> => start(gatewayFlags(flags, id, shared));
    return { nodeA, nodeB, g1, g2, startGateway, destroy };
  } catch (error) {
    await destroy();
    throw error;
  }
}
