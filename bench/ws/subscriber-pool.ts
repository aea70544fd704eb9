import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Answer, Arrival, Command, Envelope, Health, SocketRequest, WatchMode } from './subscriber-protocol.js';

/** A bound on a hang: an update reaches every socket well before (not a timing assertion). */
const ARRIVAL_WAIT_MS = 20_000;
const CHILD = fileURLToPath(new URL('./subscriber-child.ts', import.meta.url));

/** One subscriber process and its pending commands. */
class Subscriber {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();

  constructor(readonly process: ChildProcess) {
    process.on('message', (m: Envelope<Answer>) => {
      this.pending.get(m.id)?.resolve(m.body);
      this.pending.delete(m.id);
    });
    process.once('exit', (code) => {
      for (const p of this.pending.values()) p.reject(new Error(`a subscriber process exited (${code})`));
      this.pending.clear();
    });
  }

  ask<T extends Answer>(body: Command): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (a: Answer) => void, reject });
      this.process.send({ id, body } satisfies Envelope<Command>);
    });
  }
}

/** Sockets to open on one server, and what each does once open. */
export interface Subscription {
  readonly url: string;
  readonly count: number;
  readonly tokens?: readonly string[];
  readonly requests: readonly SocketRequest[];
}

/**
 * Client sockets held by a few processes of their own (the suite's and the server's CPU stay apart
 * from theirs), spread evenly over them. One pool holds the sockets of one server.
 */
export class SubscriberPool {
  /** Sockets open per server URL, by process. */
  private readonly shares = new Map<string, number[]>();

  private constructor(private readonly children: readonly Subscriber[]) {}

  static start(processes: number): SubscriberPool {
    const nodeArgs = process.env.TXC_BENCH_NODE_ARGS?.split(' ').filter((a) => a !== '') ?? [];
    return new SubscriberPool(
      Array.from(
        { length: processes },
        () => new Subscriber(fork(CHILD, [], { execArgv: [...nodeArgs, '--import', 'tsx'], stdio: 'inherit' })),
      ),
    );
  }

  /** Opens the sockets; fails unless every one opened and every request was answered with a result. */
  async open(s: Subscription): Promise<void> {
    const n = this.children.length;
    const counts = this.children.map((_, i) => Math.floor(s.count / n) + (i < s.count % n ? 1 : 0));
    const shares = this.shares.get(s.url) ?? this.children.map(() => 0);
    this.shares.set(
      s.url,
      shares.map((v, i) => v + (counts[i] ?? 0)),
    );
    const answers = await Promise.all(
      this.children.map((c, i) =>
        c.ask<Extract<Answer, { opened: number }>>({
          op: 'open',
          url: s.url,
          count: counts[i] ?? 0,
          tokens: s.tokens ?? [],
          requests: s.requests,
        }),
      ),
    );
    const failed = answers.reduce((sum, a) => sum + a.failed, 0);
    if (failed > 0) {
      throw new Error(`${failed} of ${s.count} sockets failed: ${answers.flatMap((a) => a.problems).join('; ')}`);
    }
  }

  async close(): Promise<void> {
    this.shares.clear();
    await Promise.all(this.children.map((c) => c.ask({ op: 'close' })));
  }

  /** Resolves once every socket open on `url` has received the update `key` (watching arrivals). */
  async arrival(url: string, key: string): Promise<void> {
    const shares = this.shares.get(url) ?? [];
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`update ${key} did not reach every socket`)), ARRIVAL_WAIT_MS);
    });
    try {
      await Promise.race([
        Promise.all(this.children.map((c, i) => c.ask({ op: 'await', key, count: shares[i] ?? 0 }))),
        hang,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Starts counting frames (or noting arrivals) afresh. */
  async watch(mode: WatchMode): Promise<void> {
    await Promise.all(this.children.map((c) => c.ask({ op: 'watch', mode })));
  }

  /** Frames received since `watch`, every socket together. */
  async frames(): Promise<number> {
    const answers = await Promise.all(this.children.map((c) => c.ask<{ frames: number }>({ op: 'frames' })));
    return answers.reduce((sum, a) => sum + a.frames, 0);
  }

  /** Each update noted since `watch`: how many sockets got it, and when the last one did. */
  async arrivals(): Promise<Map<string, { count: number; lastAt: number }>> {
    const answers = await Promise.all(
      this.children.map((c) => c.ask<{ arrivals: readonly Arrival[] }>({ op: 'arrivals' })),
    );
    const merged = new Map<string, { count: number; lastAt: number }>();
    for (const { key, count, lastAt } of answers.flatMap((a) => a.arrivals)) {
      const m = merged.get(key);
      if (m === undefined) merged.set(key, { count, lastAt });
      else merged.set(key, { count: m.count + count, lastAt: Math.max(m.lastAt, lastAt) });
    }
    return merged;
  }

  async health(): Promise<Health> {
    const answers = await Promise.all(this.children.map((c) => c.ask<Health>({ op: 'health' })));
    return {
      open: answers.reduce((sum, a) => sum + a.open, 0),
      lost: answers.reduce((sum, a) => sum + a.lost, 0),
      problems: answers.flatMap((a) => a.problems),
    };
  }

  /** Waits until the frame count stops moving (the server's queued frames delivered): the count then. */
  async drained(quietMs = 300, mostMs = 15_000): Promise<number> {
    const until = performance.now() + mostMs;
    let last = await this.frames();
    let still = performance.now();
    while (performance.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      const now = await this.frames();
      if (now !== last) {
        last = now;
        still = performance.now();
      } else if (performance.now() - still >= quietMs) break;
    }
    return last;
  }

  /** The subscriber processes (their CPU time is read from /proc). */
  pids(): number[] {
    return this.children.map((c) => c.process.pid).filter((pid) => pid !== undefined);
  }

  stop(): void {
    for (const c of this.children) c.process.disconnect();
  }
}
