import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const TXC_BIN = fileURLToPath(new URL('../../bin/txc.js', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real `txc` command in a child process (`env`: variables besides this process's). */
export function txc(
  args: readonly string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TXC_BIN, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`txc ${args.join(' ')} timed out\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A server started in a child process: the process, its URL, and what it has logged so far. */
export interface StartedServer {
  readonly child: ChildProcess;
  readonly url: string;
  logs(): string;
}

/** Starts `txc serve` in a child process and resolves with its URL once it listens. */
export function txcServe(args: readonly string[]): Promise<StartedServer> {
  return listening(
    spawn(process.execPath, [TXC_BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] }),
    'txc serve',
  );
}

/** The repository's root, where `npm start` runs. */
const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs `npm start` in the repository with `args` after its own, and resolves once the server listens. */
export function npmStart(args: readonly string[]): Promise<StartedServer> {
  return listening(
    spawn('npm', ['start', '--silent', '--', '--port', '0', ...args], {
      cwd: REPOSITORY,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    'npm start',
  );
}

/** Resolves with a starting server's URL once its boot line says it listens (within a minute). */
function listening(child: ChildProcess, name: string): Promise<StartedServer> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start\n${out}`));
    }, 60_000);
    const onData = (d: Buffer): void => {
      out += d.toString();
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { url?: string; seq?: number };
        if (entry.url !== undefined && entry.seq !== undefined) {
          clearTimeout(timer);
          resolve({ child, url: entry.url, logs: () => out });
          return;
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}\n${out}`));
    });
  });
}
