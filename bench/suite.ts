/** A benchmark suite: measures txc and its peer in the same run and prints both with their ratio. */
export interface Suite {
  readonly name: string;
  readonly description: string;
  run(): Promise<SuiteReport>;
}

export interface Measurement {
  readonly label: string;
  /** Operations (or requests) per second. */
  readonly perSecond: number;
  readonly latency?: { readonly p50: number; readonly p99: number; readonly p999?: number; readonly unit: 'ms' | 'us' };
}

export interface Ratio {
  readonly label: string;
  readonly value: number;
  /** The target the issue sets, e.g. 0.35 for "≥ 35 % of bare". */
  readonly target?: number;
  /** The target is a ceiling (e.g. "≤ 40 % of the peer's CPU"), not a floor. */
  readonly atMost?: boolean;
}

export interface SuiteReport {
  readonly measurements: readonly Measurement[];
  readonly ratios: readonly Ratio[];
  readonly notes?: readonly string[];
}

/**
 * The median of repeated measurements of one thing (the runs that alternated with others on the
 * same cores): one slow or fast run moves it less than it moves a mean.
 */
export function median(ms: readonly Measurement[]): Measurement {
  const sorted = [...ms].sort((a, b) => a.perSecond - b.perSecond);
  const m = sorted[Math.floor(sorted.length / 2)];
  if (m === undefined) throw new Error('median of no measurement');
  return { ...m, label: `${m.label}, median of ${ms.length}` };
}

/** The median of numbers (the mean of the two middle ones when there is an even count). */
export function medianOf(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no value');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 === 1 ? (sorted[Math.floor(mid)] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Timings and ratios for display (not money: these are measurements). */
export function decimals(v: number, digits: number): string {
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(v);
}

export function formatReport(suite: Suite, report: SuiteReport): string {
  const lines = [
    `## ${suite.name}`,
    '',
    suite.description,
    '',
    '| measured | per second | p50 | p99 | p99.9 |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const m of report.measurements) {
    const l = m.latency;
    const fmt = (v: number | undefined): string =>
      l === undefined || v === undefined ? '—' : `${decimals(v, 2)} ${l.unit}`;
    lines.push(
      `| ${m.label} | ${m.perSecond < 100 ? decimals(m.perSecond, 2) : Math.round(m.perSecond).toLocaleString('en-US')} | ${fmt(l?.p50)} | ${fmt(l?.p99)} | ${fmt(l?.p999)} |`,
    );
  }
  lines.push('', '| ratio | value | target | |', '|---|---:|---:|---|');
  for (const r of report.ratios) {
    const within = r.target === undefined ? true : r.atMost === true ? r.value <= r.target : r.value >= r.target;
    const met = r.target === undefined ? '' : within ? 'met' : 'NOT met';
    const target = r.target === undefined ? '—' : `${r.atMost === true ? '≤ ' : ''}${decimals(r.target * 100, 0)} %`;
    lines.push(`| ${r.label} | ${decimals(r.value * 100, 1)} % | ${target} | ${met} |`);
  }
  for (const n of report.notes ?? []) lines.push('', n);
  return lines.join('\n');
}
