/** Redraws at most this often: a terminal line, not a flood. */
const REDRAW_MS = 250;

function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** Made at first use: the first number format of a process loads ICU's data, which a server that never draws a line need not wait for. */
let tenths: Intl.NumberFormat | undefined;

function duration(seconds: number): string {
  tenths ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  if (seconds < 10) return `${tenths.format(seconds)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${Math.round(seconds - 60 * m)} s`;
}

/**
 * A long operation's progress, for the person watching a terminal: one line redrawn in place (done /
 * total, rate, time left), only when the stream is a terminal; then one summary line, always.
 */
export class Progress {
  private readonly started = performance.now();
  /** None yet: the first update draws, however soon after the process started. */
  private lastDraw = Number.NEGATIVE_INFINITY;
  private drawn = false;

  constructor(
    private readonly label: string,
    /** What is counted: `commands`, `pages`. */
    private readonly unit: string,
    private readonly out: NodeJS.WriteStream = process.stderr,
  ) {}

  /** Seconds since the operation started. */
  get seconds(): number {
    return (performance.now() - this.started) / 1000;
  }

  update(done: number, total: number): void {
    if (this.out.isTTY !== true) return;
    const now = performance.now();
    if (now - this.lastDraw < REDRAW_MS && done < total) return;
    this.lastDraw = now;
    const rate = done / Math.max(this.seconds, 1e-3);
    const left = rate > 0 ? (total - done) / rate : 0;
    const percent = total > 0 ? Math.floor((100 * done) / total) : 100;
    this.out.write(
      `\r${this.label}: ${count(done)} / ${count(total)} ${this.unit} (${percent} %), ${count(rate)}/s, ${duration(left)} left\x1b[K`,
    );
    this.drawn = true;
  }

  /** `<label>: <what happened> in <time> (<rate>/s)`, on a line of its own. */
  summary(text: string, done?: number): string {
    const rate = done === undefined ? '' : ` (${count(done / Math.max(this.seconds, 1e-3))} ${this.unit}/s)`;
    return `${this.label}: ${text} in ${duration(this.seconds)}${rate}`;
  }

  /** Clears the progress line and prints the summary line. */
  finish(text: string, done?: number): void {
    if (this.drawn) this.out.write('\r\x1b[K');
    this.out.write(`${this.summary(text, done)}\n`);
  }

  /** Clears the progress line without a summary (the caller reports otherwise, e.g. in its log). */
  clear(): void {
    if (this.drawn) this.out.write('\r\x1b[K');
  }
}
