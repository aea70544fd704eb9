import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Child<T> {
  readonly process: ChildProcess;
  readonly info: T;
  stop(): Promise<void>;
}

/**
 * Starts a TypeScript script in its own process (its own core) and reads the {"url",…} line it prints
 * (log lines may come first). `moreNodeArgs` are node flags for this child alone (e.g. --expose-gc).
 */
export function startChild<T>(
  script: string,
  args: readonly string[] = [],
  moreNodeArgs: readonly string[] = [],
): Promise<Child<T>> {
  const path = fileURLToPath(new URL(script, import.meta.url));
  return new Promise((resolve, reject) => {
    // TXC_BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=prof") goes to every child: to profile the servers under load
    const nodeArgs = process.env.TXC_BENCH_NODE_ARGS?.split(' ').filter((a) => a !== '') ?? [];
    const child = spawn(process.execPath, [...nodeArgs, ...moreNodeArgs, '--import', 'tsx', path, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    const onData = (d: Buffer): void => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line === undefined) return;
      child.stdout.off('data', onData);
      resolve({
        process: child,
        info: JSON.parse(line) as T,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
}
