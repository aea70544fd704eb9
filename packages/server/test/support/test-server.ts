import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TxcClient, type Permission } from '@txc/sdk';
import { loadConfig } from '../../src/config/load.js';
import type { Config } from '../../src/config/schema.js';
import { DEMO_VENUE_FILE, serve, type RunningServer, type ServeExtras } from '../../src/process/serve.js';
import { createTestDatabase, type TestDatabase } from './postgres.js';

/**
 * The store HTTP suites run on: `sqlite` (default) or `postgres` (a fresh database on the test
 * PostgreSQL server per TestServer). The test runner runs the HTTP suite once per store.
 */
export const TEST_STORE: 'sqlite' | 'postgres' = process.env.TXC_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * HTTP settings (the defaults) of a server behind one trusted proxy, the test itself: a test speaks
 * for clients elsewhere with X-Forwarded-For.
 */
export const BEHIND_LOOPBACK_PROXY: Config['http'] = {
  bodyLimit: 65_536,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5000,
  json: { maxDepth: 16, maxStringLength: 4096 },
  trustProxy: ['loopback'],
};

/** The WebSocket settings with their defaults, changed where a test says. */
export function websocketSettings(over: Partial<Config['websocket']>): Pick<Config, 'websocket'> {
  return { websocket: { ...loadConfig({ env: {} }).websocket, ...over } };
}

export interface HttpResult {
  readonly status: number;
  readonly body: unknown;
}

/**
 * A real txc server on 127.0.0.1 (random port) over a real store — a SQLite file in a temporary
 * data dir, or a fresh PostgreSQL database when TEST_STORE says so — with the demo venue's assets
 * and markets (its users and funds only with `demo: true`).
 */
export class TestServer {
  private constructor(
    private running: RunningServer,
    readonly dataDir: string,
    private readonly overrides: Partial<Config>,
    private readonly database: TestDatabase | undefined,
    private readonly extras: ServeExtras,
  ) {}

  /** `extras.clock` gives the server a clock the test moves (see ManualClock). */
  static async start(overrides: Partial<Config> = {}, dataDir?: string, extras: ServeExtras = {}): Promise<TestServer> {
    const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'txc-test-'));
    const database =
      TEST_STORE === 'postgres' && overrides.database === undefined ? await createTestDatabase() : undefined;
    const withStore = database === undefined ? overrides : { ...overrides, database: database.url };
    try {
      const running = await serve(TestServer.config(dir, withStore), extras);
      return new TestServer(running, dir, withStore, database, extras);
    } catch (e) {
      await database?.drop();
      throw e;
    }
  }

  /** `sqlite` or the PostgreSQL URL this server's store is at. */
  get databaseUrl(): string {
    return this.database?.url ?? 'sqlite';
  }

  private static config(dataDir: string, overrides: Partial<Config>): Config {
    return loadConfig({
      env: {},
      // funding settles only when a test asks, so that no test depends on the hour it runs at
      flags: { port: 0, dataDir, logLevel: 'silent', venue: DEMO_VENUE_FILE, fundingSettlement: 'admin', ...overrides },
    });
  }

  /** The configuration the server runs with (its store and data dir), for tools that open the store themselves. */
  get config(): Config {
    return TestServer.config(this.dataDir, this.overrides);
  }

  get url(): string {
    return this.running.url;
  }

  get adminToken(): string {
    return this.running.adminToken;
  }

  get server(): RunningServer {
    return this.running;
  }

  /** Graceful stop and start again on the same data dir (a new port); `whileStopped` runs in between. */
  async restart(whileStopped?: () => Promise<void>): Promise<void> {
    await this.running.close();
    await whileStopped?.();
    this.running = await serve(TestServer.config(this.dataDir, this.overrides), this.extras);
  }

  async stop(options: { keepData?: boolean } = {}): Promise<void> {
    await this.running.close();
    if (options.keepData !== true) {
      rmSync(this.dataDir, { recursive: true, force: true });
      await this.database?.drop();
    }
  }

  async admin(method: string, path: string, body?: unknown, token: string = this.adminToken): Promise<HttpResult> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  }

  /** Creates a user (with optional main balances) and a key for it; returns a signing client. */
  async user(
    name: string,
    options: { eea?: boolean; permissions?: Permission[]; ips?: string[]; deposits?: Record<string, string> } = {},
  ): Promise<{ client: TxcClient; apiKey: string; apiSecret: string }> {
    const created = await this.admin('POST', '/admin/v1/users', { name, eea: options.eea ?? false });
    if (created.status !== 201) throw new Error(`cannot create user ${name}: ${JSON.stringify(created.body)}`);
    for (const [ticker, amount] of Object.entries(options.deposits ?? {})) {
      const d = await this.admin('POST', '/admin/v1/deposits', { user: name, ticker, amount });
      if (d.status !== 201) throw new Error(`cannot deposit ${amount} ${ticker}: ${JSON.stringify(d.body)}`);
    }
    const key = await this.admin('POST', `/admin/v1/users/${name}/api-keys`, {
      permissions: options.permissions ?? ['trading', 'main-account', 'withdraw', 'mining'],
      ips: options.ips ?? [],
    });
    if (key.status !== 201) throw new Error(`cannot create key: ${JSON.stringify(key.body)}`);
    const { apiKey, apiSecret } = key.body as { apiKey: string; apiSecret: string };
    return { client: new TxcClient({ baseUrl: this.url, apiKey, apiSecret }), apiKey, apiSecret };
  }

  client(apiKey: string, apiSecret: string, options: { nonceWindow?: boolean } = {}): TxcClient {
    return new TxcClient({ baseUrl: this.url, apiKey, apiSecret, ...options });
  }
}
