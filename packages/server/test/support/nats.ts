import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, tcpAnswers } from './ports.js';

/** Where the test NATS server is: TXC_TEST_NATS_URL, or the machine's own on 127.0.0.1:4222. */
export const TEST_NATS_URL = process.env.TXC_TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const REQUIRED = process.env.TXC_REQUIRE_NATS === '1';

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return tcpAnswers(hostname, Number(port || 4222));
}

/** Whether cluster tests run: always under TXC_REQUIRE_NATS=1 (CI), otherwise when a NATS server answers. */
export async function natsSkipReason(): Promise<string | undefined> {
  if (REQUIRED) return undefined;
  return (await answers(TEST_NATS_URL))
    ? undefined
    : `no NATS at ${TEST_NATS_URL} (set TXC_REQUIRE_NATS=1 to make this a failure)`;
}

/**
 * A NATS server of a test's own (the machine's nats-server binary, with JetStream, on a free port
 * and a temporary store), which the test may stop and start again at will without touching the
 * shared one other tests use.
 */
export class ThrowawayNats {
  private process: ChildProcess | undefined;

  private constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly serverArgs: readonly string[],
  ) {}

  /** `serverArgs`: more of nats-server's own flags (`--user u --pass p`, `--auth token`, `--tls …`). */
  static async create(serverArgs: readonly string[] = []): Promise<ThrowawayNats> {
    const nats = new ThrowawayNats(mkdtempSync(join(tmpdir(), 'txc-nats-')), await freePort(), serverArgs);
    await nats.start();
    return nats;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const args = ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.dir, ...this.serverArgs];
    this.process = spawn(NATS_SERVER, args, { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await answers(this.url)) return;
      await sleep(50);
    }
    throw new Error(`nats-server did not start on ${this.url}`);
  }

  /** Stops the server at once, as when it crashes: every connection drops. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (child === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const NATS_SERVER = process.env.TXC_TEST_NATS_SERVER ?? '/usr/sbin/nats-server';
