import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

const REQUIRED = process.env.TXC_REQUIRE_PG === '1';

/** The PostgreSQL server binaries of the machine (Debian keeps them under /usr/lib/postgresql/<v>/bin). */
function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/** Whether a throwaway cluster can be made here; with TXC_REQUIRE_PG=1 a missing one is a failure. */
export function throwawayPostgresSkipReason(): string | undefined {
  if (binDir() !== undefined || REQUIRED) return undefined;
  return 'no PostgreSQL server binaries under /usr/lib/postgresql (set TXC_REQUIRE_PG=1 to make this a failure)';
}

/**
 * A PostgreSQL cluster of a test's own, in a temporary dir on a free port, that the test may stop
 * and start at will (never the machine's shared server). PostgreSQL refuses to run as root, so as
 * root its programs run as the `postgres` user.
 */
export class ThrowawayPostgres {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<ThrowawayPostgres> {
    const bin = binDir();
    if (bin === undefined) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
    const dir = mkdtempSync(join(tmpdir(), 'txc-pg-'));
    const cluster = new ThrowawayPostgres(bin, dir, await freePort());
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(dir, uid, gid);
    }
    cluster.run('initdb', ['-D', cluster.data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    await cluster.start();
    return cluster;
  }

  private get data(): string {
    return join(this.dir, 'data');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  start(): Promise<void> {
    this.run('pg_ctl', [
      '-D',
      this.data,
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
    return Promise.resolve();
  }

  /** Stops the server the hard way: every connection drops at once, as when it crashes. */
  stop(): Promise<void> {
    this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop']);
    return Promise.resolve();
  }

  destroy(): void {
    try {
      this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private run(program: string, args: readonly string[]): void {
    const path = join(this.bin, program);
    const [cmd, argv] =
      process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, [...args]];
    execFileSync(cmd, argv, { stdio: 'pipe', timeout: 60_000 });
  }
}
