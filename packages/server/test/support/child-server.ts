import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../src/config/schema.js';

const SCRIPT = fileURLToPath(new URL('./serve-child.mjs', import.meta.url));

/** A txc server in its own process, which a test may kill at any moment. */
export interface ChildServer {
  readonly process: ChildProcess;
  readonly url: string;
  readonly adminToken: string;
  readonly pid: number;
  /** kill -9: no shutdown code runs. */
  crash(): Promise<void>;
  /** SIGTERM: the graceful stop (commit, snapshot, unlock). */
  stop(): Promise<number | null>;
  logs(): string;
}

/** A server's config flags; `gateway` with `cluster` starts a cluster's gateway instead (serve-child.mjs). */
export type ChildFlags = Partial<Config> & { readonly gateway?: boolean };

/**
 * Starts the server on `flags` (port 0 on 127.0.0.1 unless given) and waits until it listens;
 * `onOutput` hears everything it prints on the way.
 */
export function startChildServer(
  flags: ChildFlags,
  timeoutMs = 60_000,
  onOutput: (all: string) => void = () => undefined,
): Promise<ChildServer> {
  const child = spawn(process.execPath, [SCRIPT, JSON.stringify({ port: 0, logLevel: 'warn', ...flags })], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start\n${out}`));
    }, timeoutMs);
    const fail = (code: number | null): void => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}\n${out}`));
    };
    child.once('exit', fail);
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
      onOutput(out);
    });
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      onOutput(out);
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line === undefined) return;
      clearTimeout(timer);
      child.off('exit', fail);
      const info = JSON.parse(line) as { url: string; adminToken: string; pid: number };
      resolve({
        process: child,
        ...info,
        async crash() {
          child.kill('SIGKILL');
          await exited;
        },
        async stop() {
          child.kill('SIGTERM');
          return exited;
        },
        logs: () => out,
      });
    });
  });
}
