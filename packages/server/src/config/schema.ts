import { Type, type Static } from 'typebox';

/** History rows written between two catch-ups, unless configured otherwise: the most a read takes from the tail. */
export const USER_HISTORY_CATCH_UP_EVERY = 4096;

const RateRule = Type.Object({
  limit: Type.Integer({ minimum: 1 }),
  windowMs: Type.Integer({ minimum: 1 }),
});

/**
 * What the wallet knows of one chain family: only public material. Extended keys are account-level
 * (e.g. m/84'/0'/0' as a zpub); deposit addresses are their children 0/i.
 */
const ChainKeys = Type.Object({
  xpub: Type.Optional(Type.String({ minLength: 1 })),
  /** Bitcoin: the BIP49 account key (ypub) for `p2sh-segwit` addresses. */
  p2shSegwitXpub: Type.Optional(Type.String({ minLength: 1 })),
  /** Memo chains (XRP): the venue's deposit address. */
  address: Type.Optional(Type.String({ minLength: 1 })),
});

/** Every setting of a txc server. Defaults make `txc serve --demo` work with nothing else. */
export const ConfigSchema = Type.Object({
  // Empty is refused rather than taken as "every interface": a templated config with an unset
  // variable must not expose the API. Every path and URL below is refused empty for the same reason.
  host: Type.String({ minLength: 1, default: '127.0.0.1' }),
  port: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  /** Holds the SQLite database, the lock file, the admin token and the demo credentials. */
  dataDir: Type.String({ minLength: 1, default: './data' }),
  /** `sqlite` (the embedded store in dataDir) or a `postgres://` URL. */
  database: Type.String({ minLength: 1, default: 'sqlite' }),
  /** Connection settings used when `database` is a PostgreSQL URL. */
  postgres: Type.Object(
    {
      /** Connections for reads; the group commits, snapshots and a cluster's lease have their own (postgres.ts). */
      poolSize: Type.Integer({ minimum: 2, default: 8 }),
      /** How long to wait for a new connection before the attempt counts as a failure. */
      connectTimeoutMs: Type.Integer({ minimum: 100, default: 5_000 }),
      /** Server-side limit of one statement; a commit stuck longer fails and the venue recovers. */
      statementTimeoutMs: Type.Integer({ minimum: 100, default: 30_000 }),
      /** Idle connections are closed after this long. */
      idleTimeoutMs: Type.Integer({ minimum: 1000, default: 30_000 }),
    },
    { default: {} },
  ),
  snapshots: Type.Object(
    {
      /** A snapshot every this many journaled commands (0: only at shutdown). Bounds start-up time. */
      everyCommands: Type.Integer({ minimum: 0, default: 100_000 }),
      /** How many of the latest snapshots the store keeps. */
      keep: Type.Integer({ minimum: 1, default: 2 }),
    },
    { default: {} },
  ),
  history: Type.Object(
    {
      /**
       * The per-user history tables catch up once group commits have written this many history rows
       * since the last time; reads take what came after from the history itself.
       */
      catchUpEveryRows: Type.Integer({ minimum: 1, default: USER_HISTORY_CATCH_UP_EVERY }),
    },
    { default: {} },
  ),
  /**
   * Benchmarks only: commits return before they reach the disk (SQLite synchronous=OFF,
   * PostgreSQL synchronous_commit=off), so a crash loses acknowledged commands.
   */
  unsafeNoFsync: Type.Boolean({ default: false }),
  /** A venue definition file (assets and markets); --demo uses the built-in demo venue when absent. */
  venue: Type.Optional(Type.String({ minLength: 1 })),
  demo: Type.Boolean({ default: false }),
  simulate: Type.Boolean({ default: false }),
  /** Take fault rules through the admin API (`/admin/v1/faults`) without --demo: a sandbox only. */
  allowFaults: Type.Boolean({ default: false }),
  /**
   * Where index prices come from: `static` (only the admin API sets them), `random` (a seeded random
   * walk) or `file:<csv>` (rows of `timestamp,ticker,price` replayed in time). Default: `random` under
   * --simulate, `static` otherwise.
   */
  priceFeed: Type.Optional(Type.String({ pattern: '^(static|random|file:.+)$' })),
  /**
   * Who settles perpetual funding: `schedule` (the server, at each interval boundary) or `admin`
   * (only POST /admin/v1/funding/settle, for suites that drive time themselves). Default: `admin`
   * under --demo alone (nothing moves by itself there), `schedule` otherwise.
   */
  fundingSettlement: Type.Optional(Type.Union([Type.Literal('schedule'), Type.Literal('admin')])),
  priceFeedOptions: Type.Object(
    {
      /** The random walk moves every this many milliseconds. */
      intervalMs: Type.Integer({ minimum: 10, default: 2_000 }),
      /** The largest move of one step of the random walk, as a fraction of the price. */
      step: Type.String({ pattern: '^0(\\.[0-9]{1,18})?$', default: '0.001' }),
      /** The random walk's seed: the same seed, the same prices. */
      seed: Type.Integer({ default: 1 }),
      /** A file is replayed this many times faster than its timestamps. */
      speed: Type.Integer({ minimum: 1, default: 1 }),
    },
    { default: {} },
  ),
  /** Bearer token of the admin API; generated into dataDir when not given. */
  adminToken: Type.Optional(Type.String({ minLength: 16 })),
  /** Serve the admin API (and /metrics) to non-loopback clients too. */
  adminPublic: Type.Boolean({ default: false }),
  /** A bearer token that reads /metrics and nothing else, for a scraper; the admin token reads it too. */
  metricsToken: Type.Optional(Type.String({ minLength: 16 })),
  /**
   * The key that seals API key secrets at rest (AES-256-GCM): 64 hex characters. Without it (or
   * masterKeyFile), one is generated into `<dataDir>/master-key` (mode 0600) and reused.
   */
  masterKey: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })),
  /** A file holding the master key as 64 hex characters (e.g. a mounted secret). */
  masterKeyFile: Type.Optional(Type.String({ minLength: 1 })),
  logLevel: Type.Union(
    [
      Type.Literal('fatal'),
      Type.Literal('error'),
      Type.Literal('warn'),
      Type.Literal('info'),
      Type.Literal('debug'),
      Type.Literal('trace'),
      Type.Literal('silent'),
    ],
    { default: 'info' },
  ),
  /** Log every request (off by default: one line per request costs throughput). */
  logRequests: Type.Boolean({ default: false }),
  http: Type.Object(
    {
      bodyLimit: Type.Integer({ minimum: 1024, default: 65_536 }),
      /** Headers and body must both have arrived by then, however slowly they trickle in. */
      requestTimeoutMs: Type.Integer({ minimum: 1000, default: 10_000 }),
      keepAliveTimeoutMs: Type.Integer({ minimum: 1000, default: 5_000 }),
      /** Request line and headers together, in bytes; more answers 431. */
      maxHeaderSize: Type.Optional(Type.Integer({ minimum: 1024, maximum: 1_048_576, default: 16_384 })),
      /**
       * Reverse proxies whose X-Forwarded-For is believed (addresses, CIDR ranges or `loopback`);
       * empty: the client is the socket's peer. Per-IP limits, key allow-lists and the admin API's
       * loopback rule all see the client this yields.
       */
      trustProxy: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { default: [] })),
      json: Type.Object(
        {
          maxDepth: Type.Integer({ minimum: 1, default: 16 }),
          maxStringLength: Type.Integer({ minimum: 16, default: 4096 }),
          /** Characters of one number literal; amounts carry at most a few dozen, a 64-bit WebSocket id 20. */
          maxNumberLength: Type.Optional(Type.Integer({ minimum: 24, default: 64 })),
        },
        { default: {} },
      ),
    },
    { default: {} },
  ),
  /** The WebSocket API at /ws (docs/decisions.md, "WebSocket limits"). */
  websocket: Type.Object(
    {
      /** A connection that sends nothing for this long is closed (4001); the docs say 60 s. */
      idleTimeoutMs: Type.Integer({ minimum: 100, default: 60_000 }),
      /** A connection whose unsent frames pass this many bytes is closed (4002, slow consumer). */
      maxBufferedBytes: Type.Integer({ minimum: 1024, default: 4_194_304 }),
      /**
       * Sustained `trades_update` pushes are this far apart, each gathering the trades of the commits
       * in between (0: one per group commit). After a quiet spell three may go back to back: over any
       * stretch of time at most three pushes plus one per this long, and a trade waits this long at most.
       */
      tradesGatherMs: Type.Integer({ minimum: 0, maximum: 1_000, default: 10 }),
      /** Order placements per connection per window (more answer code 7). */
      placementsPerWindow: Type.Integer({ minimum: 1, default: 10_000 }),
      /** Every other request per connection per window (more answer code 7). */
      requestsPerWindow: Type.Integer({ minimum: 1, default: 12_000 }),
      windowMs: Type.Integer({ minimum: 100, default: 10_000 }),
      /** New connections per client IP per minute (more answer HTTP 429). */
      connectionsPerMinute: Type.Integer({ minimum: 1, default: 1_000 }),
      /** Connections one client IP may hold open at once (more answer HTTP 429). */
      connectionsPerIp: Type.Integer({ minimum: 1, default: 1_000 }),
    },
    { default: {} },
  ),
  auth: Type.Object(
    {
      /** Half-width of the nonceWindow acceptance window. */
      nonceWindowMs: Type.Integer({ minimum: 1, default: 5_000 }),
    },
    { default: {} },
  ),
  /**
   * The NATS URL of a cluster (docs/scaling.md): `txc serve` with it runs an engine node, which
   * leads or stands by under a lease in the PostgreSQL store (`database` must be a postgres:// URL).
   * `nats://user:password@host:port` or `nats://token@host:port` carry credentials; `tls://` requires TLS.
   */
  cluster: Type.Optional(Type.String({ pattern: '^(nats|tls)://.+' })),
  /** A NATS credentials file (`.creds`: a user JWT and its NKEY seed) the cluster's NATS knows this process by. */
  clusterCredsFile: Type.Optional(Type.String({ minLength: 1 })),
  /** The CA certificate (PEM) that signed the cluster's NATS server certificate; NATS then must speak TLS. */
  clusterCaFile: Type.Optional(Type.String({ minLength: 1 })),
  /** A client certificate (PEM) this process presents to NATS (mutual TLS), with clusterKeyFile. */
  clusterCertFile: Type.Optional(Type.String({ minLength: 1 })),
  /** The private key (PEM) of clusterCertFile. */
  clusterKeyFile: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * A gateway's Redis (`redis://…`): the rate limits every gateway of the cluster shares, checked
   * before a request travels to the leader (which checks them again).
   */
  redis: Type.Optional(Type.String({ pattern: '^rediss?://.+' })),
  /** This engine node's name in its cluster (default: host name and process id). */
  nodeId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$' })),
  lease: Type.Object(
    {
      /** A leader that has not renewed its lease for this long loses it to a standby. */
      ttlMs: Type.Integer({ minimum: 300, default: 3_000 }),
      /** A standby reads the journal at least this often, besides each commit's notification. */
      followPollMs: Type.Integer({ minimum: 20, default: 500 }),
      /**
       * A leader that has lost NATS for this long gives the lease up to a standby that has it: no
       * gateway can reach it meanwhile. Longer than a NATS restart takes, so that one costs no election.
       */
      natsLossMs: Type.Integer({ minimum: 500, default: 10_000 }),
      /**
       * A cluster process's stop (SIGTERM) takes this long at most, then it exits anyway: what it
       * acknowledged is durable already, and a gateway holds nothing, so a store that hangs must not
       * keep it past its supervisor's patience, which must be longer (compose.cluster.yaml: 60 s,
       * txc.service: 120 s) for the process to say why it stopped short.
       */
      stopWaitMs: Type.Integer({ minimum: 1_000, default: 45_000 }),
    },
    { default: {} },
  ),
  /** Seeds every random draw of a sandbox (the index walk, the takers' sides, fault rules); overrides priceFeedOptions.seed. */
  seed: Type.Optional(Type.Integer()),
  /** What the `--simulate` jobs do. */
  simulation: Type.Object(
    {
      /** Market orders of the simulated taker per minute on each market (changed live: POST /admin/v1/simulator). */
      tradesPerMinute: Type.Integer({ minimum: 0, maximum: 6000, default: 30 }),
      miningRewards: Type.Object(
        {
          /** How often each demo mining account is paid. */
          intervalMs: Type.Integer({ minimum: 10, default: 180_000 }),
          /** Gross BTC earned per interval, before the pool's fee. */
          amount: Type.String({ pattern: '^(0|[1-9][0-9]*)(\\.[0-9]{1,8})?$', default: '0.00005' }),
          /** Hash rate the demo miners are credited with, H/s. */
          hashRate: Type.String({ pattern: '^[1-9][0-9]{0,20}$', default: '110000000000000' }),
        },
        { default: {} },
      ),
    },
    { default: {} },
  ),
  wallet: Type.Object(
    {
      /** Per chain family (`bitcoin`, `ethereum`, `tron`, `xrp`, `terra`). --demo fills the missing ones with public demo keys. */
      chains: Type.Record(Type.String(), ChainKeys, { default: {} }),
      /** Most deposit addresses one user may hold per (ticker, network). */
      addressesPerNetwork: Type.Integer({ minimum: 1, maximum: 10_000, default: 20 }),
      /** --simulate: how long a withdrawal stays pending before the simulated chain pays it out. */
      withdrawalDelayMs: Type.Integer({ minimum: 0, default: 10_000 }),
    },
    { default: {} },
  ),
  /** Sub-accounts (docs/decisions.md, "Sub-account withdrawals and KYC link"). */
  subAccounts: Type.Object(
    {
      /**
       * The identity-verification link `sub-account/kyc-url` answers, as a template: `{id}` (the
       * sub-account's id), `{userId}` (its user's number), `{expires}` (Unix seconds) and `{token}`
       * (hex HMAC-SHA256 of `<id>.<expires>` under kycUrlSecret) are filled in. Without it the
       * endpoint answers 404, as the exchange does where the feature is not enabled.
       */
      kycUrl: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
      /** How long a link lasts: its `{expires}` and the answer's `expiresIn`, in seconds. */
      kycUrlTtlSeconds: Type.Integer({ minimum: 60, maximum: 604_800, default: 3_600 }),
      /** The key of `{token}`, shared with the verification service; required when the template has `{token}`. */
      kycUrlSecret: Type.Optional(Type.String({ minLength: 16 })),
    },
    { default: {} },
  ),
  rateLimits: Type.Object(
    {
      /** Every request from one client IP, before authentication. */
      perIp: Type.Optional(RateRule),
      /** Public endpoints per client IP. */
      public: Type.Optional(RateRule),
      /** Private endpoint groups per API key (group names as in the SDK's RATE_LIMITS). */
      groups: Type.Record(Type.String(), RateRule, { default: {} }),
      /** Counters the limiter keeps at most (clients × groups); the oldest go first beyond it. */
      maxTrackedClients: Type.Optional(Type.Integer({ minimum: 100, default: 200_000 })),
    },
    { default: {} },
  ),
});

export type Config = Static<typeof ConfigSchema>;
