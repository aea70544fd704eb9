import { WebSocket } from 'ws';

/** An answer frame: `{id, result, error}`. */
export interface Answer {
  readonly id: unknown;
  readonly result: unknown;
  readonly error: { code: number; message: string } | null;
}

/** A push frame: `{id: null, method, params}`. */
export interface Push {
  readonly id: null;
  readonly method: string;
  readonly params: unknown;
}

interface Waiter {
  readonly match: (frame: Record<string, unknown>) => boolean;
  readonly resolve: (frame: Record<string, unknown>) => void;
  readonly reject: (error: Error) => void;
}

/** How long a test waits for a frame before it fails (not a timing assertion: a bound on a hang). */
const WAIT_MS = 10_000;

/**
 * A WebSocket client for tests: sends requests, matches answers by id, and collects pushes in the
 * order they came, so a test can take the next push of a method or check what arrived.
 */
export class WsTestClient {
  /** Every frame received, raw text, in order. */
  readonly texts: string[] = [];
  private readonly frames: Record<string, unknown>[] = [];
  /** How far `nextPush` has read. */
  private cursor = 0;
  private readonly waiters: Waiter[] = [];
  private nextId = 1;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? '' : (data as Buffer).toString('utf8');
      this.texts.push(text);
      const frame = JSON.parse(text) as Record<string, unknown>;
      this.frames.push(frame);
      for (const w of [...this.waiters]) {
        if (w.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        for (const w of this.waiters.splice(0)) w.reject(new Error(`socket closed (${code}) while waiting`));
        resolve({ code, reason: reason.toString('utf8') });
      });
    });
  }

  /** Connects to `<http url>/ws`, with `headers` on the upgrade request (`X-Forwarded-For` through a trusted proxy). */
  static connect(httpUrl: string, path = '/ws', headers?: Record<string, string>): Promise<WsTestClient> {
    const socket = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}${path}`, { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new WsTestClient(socket)));
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
  }

  /** Sends a request and waits for the answer with its id. */
  request(method: string, params: unknown[] = [], id: number = this.nextId++): Promise<Answer> {
    const answer = this.waitFor((f) => f.id === id && f.method === undefined) as Promise<unknown> as Promise<Answer>;
    this.sendText(JSON.stringify({ id, method, params }));
    return answer;
  }

  /** Sends a request whose answer must be a result; returns the result. */
  async call(method: string, params: unknown[] = []): Promise<unknown> {
    const answer = await this.request(method, params);
    if (answer.error !== null) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer.result;
  }

  sendText(text: string): void {
    this.socket.send(text);
  }

  /** The next push of `method` after the last one taken (waiting for it if needed). */
  async nextPush(method: string): Promise<Push> {
    for (; this.cursor < this.frames.length; this.cursor++) {
      const frame = this.frames[this.cursor] as Record<string, unknown>;
      if (frame.method === method) {
        this.cursor++;
        return frame as unknown as Push;
      }
    }
    const start = this.frames.length;
    const frame = await this.waitFor((f) => f.method === method);
    this.cursor = Math.max(this.cursor, this.frames.indexOf(frame, start) + 1);
    return frame as unknown as Push;
  }

  /** The frames received after the answer to request `id` (none before it came). */
  framesAfterAnswer(id: number): Record<string, unknown>[] {
    const at = this.frames.findIndex((f) => f.id === id && f.method === undefined);
    return at < 0 ? [] : this.frames.slice(at + 1);
  }

  /** Every answer received so far, in the order they came. */
  answers(): Answer[] {
    return this.frames.filter((f) => f.method === undefined) as unknown as Answer[];
  }

  /** Every push of `method` received so far. */
  pushes(method: string): Push[] {
    return this.frames.filter((f) => f.method === method) as unknown as Push[];
  }

  /** Waits for a frame matching `match` that arrives from now on. */
  waitFor(match: (frame: Record<string, unknown>) => boolean, ms = WAIT_MS): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching frame within ${ms} ms; got ${this.texts.slice(-5).join('\n')}`));
      }, ms);
      const waiter: Waiter = {
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /**
   * A round trip through the durable outbox: every push queued before it (all the commands applied
   * so far) has arrived when this resolves, except a `trades_update` held for `tradesGatherMs`.
   */
  async sync(market = 'BTC_USDT'): Promise<void> {
    await this.call('lastprice_request', [market]);
  }

  close(): Promise<{ code: number; reason: string }> {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(1000);
    return this.closed;
  }
}
