import { startChild, type Child } from '../http/children.js';
import { benchKeys } from '../http/foundation-suite.js';
import { signRequest } from '../http/signed-load.js';
import { inTurns } from '../rounds.js';
import { openFilesLimit, residentBytes } from './proc-stats.js';
import type { SubscriberPool } from './subscriber-pool.js';

/** One server holding idle connections. */
export interface MemoryRun {
  readonly connections: number;
  /** Resident memory added per connection, bytes. */
  readonly bytesPerConnection: number;
  /** Connections still open after the hold, none lost. */
  readonly held: boolean;
  readonly problems: readonly string[];
}

export interface MemorySetup {
  readonly pool: SubscriberPool;
  readonly connections: number;
  readonly rounds: number;
  readonly holdMs: number;
  /** The flags of the txc benchmark server (txc-server.ts). */
  readonly txcFlags: string;
}

/** Users whose tokens authorize the sockets (each token serves many: a token is not used up). */
const TOKEN_USERS = 10;
/** File descriptors a server needs besides its sockets (store, log, listening socket…). */
const SPARE_FDS = 256;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Resident memory once full collections have run (the server was started with --expose-gc) and the
 * freed pages had time to go back to the system.
 */
async function settledResident(pid: number): Promise<number> {
  for (let i = 0; i < 2; i++) {
    process.kill(pid, 'SIGUSR2');
    await sleep(1000);
  }
  return residentBytes(pid);
}

/**
 * Opens `count` idle sockets on a fresh server in two halves, holds them, and measures what the second
 * half added to its memory: the first half leaves out of the reading what the server loads once (code,
 * pools, heap grown since its start-up), which in a process this young moves its memory by more
 * than thousands of connections do.
 */
async function idleRun(
  pool: SubscriberPool,
  server: Child<{ url: string }>,
  count: number,
  holdMs: number,
  tokens: readonly string[],
): Promise<MemoryRun> {
  const pid = server.process.pid as number;
  const first = Math.floor(count / 2);
  await pool.open({ url: server.info.url, count: first, tokens, requests: [] });
  const base = await settledResident(pid);
  await pool.open({ url: server.info.url, count: count - first, tokens, requests: [] });
  await sleep(holdMs);
  const health = await pool.health();
  const loaded = await settledResident(pid);
  await pool.close();
  return {
    connections: count,
    bytesPerConnection: (loaded - base) / (count - first),
    held: health.open === count && health.lost === 0,
    problems: health.problems,
  };
}

/** The WebSocket tokens of a few users of a fresh txc server. */
async function tokensOf(url: string, adminToken: string): Promise<string[]> {
  const keys = await benchKeys(url, adminToken, TOKEN_USERS, 'ws-memory-');
  const path = '/api/v4/profile/websocket_token';
  return Promise.all(
    keys.map(async (key) => {
      const response = await fetch(`${url}${path}`, { method: 'POST', ...signRequest(key, path, {}) });
      if (response.status !== 200) throw new Error(`websocket_token: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { websocket_token: string }).websocket_token;
    }),
  );
}

/**
 * The connections a server process can hold: its open-files limit, less what it needs besides. Node
 * raises its soft limit to the hard one at start; beyond the hard one only the machine's
 * configuration can go.
 */
function holdable(pid: number, wanted: number): { count: number; why?: string } {
  const limit = openFilesLimit(pid);
  if (limit >= wanted + SPARE_FDS) return { count: wanted };
  return {
    count: Math.max(0, limit - SPARE_FDS),
    why: `the server's open-files limit (RLIMIT_NOFILE, hard) is ${limit}: ${wanted.toLocaleString('en-US')} sockets need more (raise it with ulimit -Hn / limits.conf)`,
  };
}

/**
 * Memory: a fresh txc server (each round) holds `connections` idle sockets, each authorized with a
 * WebSocket token and subscribed to nothing; a fresh peer holds as many. Resident memory after full
 * collections with half of them open and with all, divided by the second half; every socket must
 * still be open after the hold.
 */
export async function measureMemory(s: MemorySetup): Promise<{ txc: MemoryRun[]; peer: MemoryRun[]; notes: string[] }> {
  const notes = new Set<string>();
  const run = async (script: string, args: string[], authorize: boolean): Promise<MemoryRun> => {
    const server = await startChild<{ url: string; adminToken: string }>(script, args, ['--expose-gc']);
    try {
      const { count, why } = holdable(server.process.pid as number, s.connections);
      if (why !== undefined) notes.add(why);
      const tokens = authorize ? await tokensOf(server.info.url, server.info.adminToken) : [];
      return await idleRun(s.pool, server, count, s.holdMs, tokens);
    } finally {
      await server.stop();
    }
  };
  const [txc = [], peer = []] = await inTurns(s.rounds, [
    () => run('./txc-server.ts', [s.txcFlags], true),
    () => run('../ws/ws-peer.ts', [], false),
  ]);
  return { txc, peer, notes: [...notes] };
}
