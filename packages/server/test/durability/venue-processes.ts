import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../src/config/schema.js';
import type { Target } from './traffic.js';
import { startChildServer, type ChildFlags, type ChildServer } from '../support/child-server.js';
import { TEST_NATS_URL } from '../support/nats.js';

/**
 * Lease settings short enough for a test to see several failovers, long enough that a leader on a
 * loaded two-core machine still renews in time.
 */
export const TEST_LEASE = { ttlMs: 2_000, followPollMs: 100, natsLossMs: 10_000, stopWaitMs: 45_000 };

/** The process(es) a venue runs in, as a crash test sees them. */
export interface VenueProcesses {
  /** The server a kill hits: the one that serves the venue now. */
  current(): ChildServer;
  /** Where clients send their requests. */
  targets(): Target[];
  /** After the current one was killed: where requests go once the venue is served again. */
  takeOver(): Promise<Target>;
  /** Stops gracefully; answers the exit code of the server that served. */
  stop(): Promise<number | null>;
  crashAll(): Promise<void>;
}

/** One `txc serve`, restarted on the same data dir after each kill. */
export async function singleServer(flags: Partial<Config>): Promise<VenueProcesses> {
  let server: ChildServer | undefined = await startChildServer(flags);
  return {
    current: () => server!,
    targets: () => [server!],
    async takeOver() {
      server = await startChildServer(flags);
      return server;
    },
    async stop() {
      const code = await server!.stop();
      server = undefined;
      return code;
    },
    async crashAll() {
      await server?.crash();
    },
  };
}

interface HealthReport {
  readonly cluster?: { readonly role: string; readonly node: string; readonly leader: string | null };
}

/**
 * The node's /health, on a connection of its own: a pooled one could be the standby's, closing as
 * the node takes over, and then fail the client's next request rather than this poll.
 */
export function health<T = HealthReport>(server: { readonly url: string }): Promise<T | undefined> {
  return new Promise((resolve) => {
    const request = get(`${server.url}/health`, { agent: false, timeout: 2_000 }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(JSON.parse(text) as T));
      response.on('error', () => resolve(undefined));
    });
    request.on('error', () => resolve(undefined));
    request.on('timeout', () => request.destroy());
  });
}

/** Waits until the node's /health says it leads. */
export async function leading(server: ChildServer, timeoutMs = 30_000): Promise<ChildServer> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if ((await health(server))?.cluster?.role === 'leader') return server;
    await sleep(50);
  }
  throw new Error(`the node at ${server.url} did not take the lead\n${server.logs()}`);
}

/** The flags of engine node `id` of a cluster on `flags.database`, sharing its master key and admin token. */
export function engineNodeFlags(flags: Partial<Config>, id: string, shared: Partial<Config>): Partial<Config> {
  return {
    ...flags,
    ...shared,
    dataDir: join(flags.dataDir!, `node-${id}`),
    cluster: TEST_NATS_URL,
    nodeId: id,
    lease: TEST_LEASE,
  };
}

/** The flags of gateway `id` of the cluster of `engineNodeFlags`. */
export function gatewayFlags(flags: Partial<Config>, id: string, shared: Partial<Config>): ChildFlags {
  // a request lost with a killed leader is answered 503 after 2 s rather than 9: rounds end sooner
  return { ...engineNodeFlags(flags, id, shared), gateway: true, http: { requestTimeoutMs: 3_000 } as Config['http'] };
}

/**
 * Two engine nodes on one PostgreSQL store: A leads first, B stands by; with `gateways`, two
 * gateways in front of them take the requests. A kill hits the leader; the standby is then awaited
 * as the new leader, and the killed node starts again as the standby.
 */
export async function enginePair(flags: Partial<Config>, front: true | 'gateways'): Promise<VenueProcesses> {
  const shared = { masterKey: randomBytes(32).toString('hex'), adminToken: randomBytes(24).toString('hex') };
  const start = (id: string): Promise<ChildServer> => startChildServer(engineNodeFlags(flags, id, shared));
  const ids = new Map<ChildServer, string>();
  const started = async (id: string): Promise<ChildServer> => {
    const node = await start(id);
    ids.set(node, id);
    return node;
  };
  let leader = await leading(await started('A'));
  let standby: ChildServer | undefined = await started('B');
  const gateways =
    front === 'gateways'
      ? await Promise.all(['G1', 'G2'].map((id) => startChildServer(gatewayFlags(flags, id, shared))))
      : [];
  const targets = (): Target[] => (gateways.length === 0 ? [leader] : gateways.map((g) => ({ ...g, relay: true })));
  return {
    current: () => leader,
    targets,
    async takeOver() {
      const killed = ids.get(leader)!;
      leader = await leading(standby!);
      standby = undefined;
      standby = await started(killed);
      return targets()[0]!;
    },
    async stop() {
      for (const g of gateways) await g.stop();
      // the standby first: it would take over from a leader that gives the lease up
      await standby?.stop();
      standby = undefined;
      return leader.stop();
    },
    async crashAll() {
      await Promise.all([leader.crash(), standby?.crash(), ...gateways.map((g) => g.crash())]);
    },
  };
}
