import { spawn } from 'node:child_process';

/** Milliseconds from spawning `node <args>` to its exit (which must be a success). */
export function timeToExit(args: readonly string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`node ${args.join(' ')}: ${code} ${err}`)),
    );
  });
}

/**
 * Milliseconds from spawning `node <args>` to the answer of its first ping: the process prints its
 * URL once listening (a `{"url"…}` line; txc's boot log line carries it too), the ping is sent at
 * once. The process is then killed (-9: no shutdown work is timed or left to wait for).
 */
export function timeToFirstPing(args: readonly string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let answered = false;
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = /"url":"([^"]+)"/.exec(out);
      if (m === null) return;
      child.stdout.off('data', onData);
      fetch(`${m[1]}/api/v4/public/ping`)
        .then(async (r) => {
          await r.arrayBuffer();
          if (r.status !== 200) throw new Error(`ping answered ${r.status}`);
          const ms = performance.now() - started;
          answered = true;
          child.once('exit', () => resolve(ms));
          child.kill('SIGKILL');
        })
        .catch((e: unknown) => {
          child.kill('SIGKILL');
          reject(e instanceof Error ? e : new Error(String(e)));
        });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`node ${args.join(' ')} exited with ${code} before answering:\n${out}`));
    });
  });
}
