import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The standard order-book workload (peer-bench format 1): header, then [type, side, id, price, qty] records. */
export const OP_ADD = 0;
export const OP_CANCEL = 1;
export const OP_CROSS = 2;
export const BUY = 0;
const MAGIC = 0x50424f42;

export interface Workload {
  readonly records: Int32Array;
  readonly prefill: number;
  readonly ops: number;
  readonly seed: number;
  readonly expected: {
    readonly bids: [number, number, number][];
    readonly asks: [number, number, number][];
    readonly finalLive: number;
  };
}

const here = dirname(fileURLToPath(import.meta.url));

/** The shared generator lives in `shared/bench/` beside the repository (or an ancestor of it). */
function generatorPath(): string {
  for (let dir = resolve(here, '..'); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'bench', 'gen-workload.mjs');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('shared/bench/gen-workload.mjs not found beside the repository');
  }
}

interface Generator {
  generate(o: { ops: number; prefill: number; seed: number }): unknown;
  workloadPaths(out: string, seed: number, ops: number): { bin: string; json: string };
  writeWorkload(wl: unknown, paths: { bin: string; json: string }): void;
}

/** Loads the workload from bench/.workload/, generating it there first if missing. */
export async function loadWorkload(ops = 1_000_000, prefill = 5000, seed = 42): Promise<Workload> {
  const out = join(here, '.workload', 'workload');
  const gen = (await import(pathToFileURL(generatorPath()).href)) as Generator;
  const paths = gen.workloadPaths(out, seed, ops);
  if (!existsSync(paths.bin) || !existsSync(paths.json)) gen.writeWorkload(gen.generate({ ops, prefill, seed }), paths);
  const buf = readFileSync(paths.bin);
  const all = new Int32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  if (all[0] !== MAGIC || all[1] !== 1) throw new Error(`${paths.bin} is not a peer-bench workload`);
  return {
    records: all.subarray(5),
    prefill: all[2] as number,
    ops: all[3] as number,
    seed: all[4] as number,
    expected: JSON.parse(readFileSync(paths.json, 'utf8')) as Workload['expected'],
  };
}

/** A book's final depth as [price, total lots, order count], best first. */
export type Depth = [number, number, number][];

export function sameDepth(label: string, got: { bids: Depth; asks: Depth }, wl: Workload): void {
  const a = JSON.stringify(got);
  const b = JSON.stringify({ bids: wl.expected.bids, asks: wl.expected.asks });
  if (a !== b) throw new Error(`${label}: final depth differs from the workload's expected depth`);
}

/** Median, p99 and p99.9 of per-operation latencies, in microseconds. */
export function percentiles(samples: Float64Array): { p50: number; p99: number; p999: number } {
  const s = samples.slice().sort();
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
  return { p50: at(0.5) * 1000, p99: at(0.99) * 1000, p999: at(0.999) * 1000 };
}
