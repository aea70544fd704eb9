import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchProcess, BenchProcesses } from './bench-processes.js';

/** The NATS server of the machine (TXC_BENCH_NATS_URL to use another). */
const NATS_URL = process.env.TXC_BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const READY_WAIT_MS = 60_000;

export interface LeaseSettings {
  readonly ttlMs: number;
  readonly followPollMs: number;
}

interface Health {
  readonly status?: string;
  readonly cluster?: { readonly role?: string };
}

async function health(process: BenchProcess): Promise<Health | undefined> {
  try {
    const response = await fetch(`${process.info.url}/health`, { signal: AbortSignal.timeout(2_000) });
    return (await response.json()) as Health;
  } catch {
    return undefined;
  }
}

/** Waits until the node's /health says `ready` of it (it leads, or it stands by following the journal). */
async function until(node: BenchProcess, ready: (h: Health) => boolean, what: string): Promise<void> {
  const deadline = performance.now() + READY_WAIT_MS;
  while (performance.now() < deadline) {
    const h = await health(node);
    if (h !== undefined && ready(h)) return;
    await sleep(20);
  }
  throw new Error(`the engine node at ${node.info.url} did not ${what}`);
}

const leads = (h: Health): boolean => h.cluster?.role === 'leader';
const follows = (h: Health): boolean => h.status === 'standby';

/**
 * A cluster as the suite runs it: engine nodes A and B on one PostgreSQL database (A leads first, B
 * stands by) and two gateways in front. A kill hits the leader; the standby takes over, and the
 * killed node starts again as the standby.
 */
export class BenchCluster {
  private leaderId = 'A';
  private readonly nodes = new Map<string, BenchProcess>();

  private constructor(
    private readonly processes: BenchProcesses,
    private readonly flags: (id: string) => Record<string, unknown>,
    readonly gateways: readonly BenchProcess[],
  ) {}

  static async start(processes: BenchProcesses, lease: LeaseSettings): Promise<BenchCluster> {
    const database = await processes.database();
    const shared = { masterKey: randomBytes(32).toString('hex'), adminToken: randomBytes(24).toString('hex') };
    const flags = (id: string): Record<string, unknown> => ({
      ...shared,
      database,
      cluster: NATS_URL,
      nodeId: id,
      lease,
      dataDir: processes.dataDir(`cluster-${id}`),
    });
    const a = await processes.start('node', flags('A'));
    await until(a, leads, 'take the lead');
    const b = await processes.start('node', flags('B'));
    await until(b, follows, 'stand by');
    const gateways = [await processes.start('gateway', flags('G1')), await processes.start('gateway', flags('G2'))];
    const cluster = new BenchCluster(processes, flags, gateways);
    cluster.nodes.set('A', a).set('B', b);
    return cluster;
  }

  get adminToken(): string {
    return this.leader().info.adminToken;
  }

  leader(): BenchProcess {
    return this.nodes.get(this.leaderId)!;
  }

  standby(): BenchProcess | undefined {
    return this.nodes.get(this.leaderId === 'A' ? 'B' : 'A');
  }

  /** kill -9 of the leader: resolves once it is gone; the standby is then the leader to be. */
  async crashLeader(): Promise<void> {
    const killed = this.leaderId;
    const crash = this.processes.crash(this.leader());
    this.leaderId = killed === 'A' ? 'B' : 'A';
    this.nodes.delete(killed);
    await crash;
  }

  /** After a kill: waits for the new leader, and starts the killed node again as the standby. */
  async recover(): Promise<void> {
    await until(this.leader(), leads, 'take the lead');
    const id = this.leaderId === 'A' ? 'B' : 'A';
    const standby = await this.processes.start('node', this.flags(id));
    await until(standby, follows, 'stand by');
    this.nodes.set(id, standby);
  }
}
