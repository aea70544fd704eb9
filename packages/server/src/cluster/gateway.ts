import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NatsConnection } from '@nats-io/transport-node';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { ConfigError } from '../config/load.js';
import type { Config } from '../config/schema.js';
import { serverOptions } from '../http/app.js';
import { configuredRateRules } from '../http/configured-rate-rules.js';
import { familyOf } from '../http/family.js';
import { registerErrorHandling, sendUnavailable } from '../http/plugins/error-handling.js';
import { metricsOptions, registerMetrics, type MetricsOptions } from '../http/plugins/metrics.js';
import type { ClusterPlace } from '../http/routes/health.js';
import { livenessRoute } from '../http/routes/liveness.js';
import { sendError } from '../http/send-error.js';
import { resolveAdminToken } from '../process/admin-token.js';
import { checkClusterAdminToken } from '../process/cluster-admin-token.js';
import { baseUrl } from '../process/base-url.js';
import { DataDirLock } from '../process/data-dir-lock.js';
import { ListenError } from '../process/listen-error.js';
import { listenWhileStarting, type StartUpListener } from '../process/start-up-listener.js';
import { createLogger } from '../process/logger.js';
import { masterKeyFor } from '../process/store-master-key.js';
import { SecretBox } from '../secrets/secret-box.js';
import { openStore } from '../store/open-store.js';
import { sqliteFileOf } from '../store/store-location.js';
import { PostgresStore } from '../store/postgres.js';
import { StoreOpenError } from '../store/store-open-error.js';
import { watchCluster } from '../metrics/cluster-metrics.js';
import { HttpMetrics } from '../metrics/metrics.js';
import { clusterTarget, connectCluster, redactedUrl, type ClusterTarget } from './cluster-connection.js';
import { GatewayKeys } from './gateway-keys.js';
import { openGatewayStreams, type GatewayStreams } from './gateway-streams.js';
import { REDIS_COMMAND_TIMEOUT_MS, SharedLimits } from './shared-limits.js';
import {
  decodeAnswer,
  encodeRequest,
  endToEnd,
  httpSubject,
  keyCreatedSubject,
  keyRevokedSubject,
  type ForwardedAnswer,
  type ForwardedRequest,
} from './http-over-nats.js';
import { answerAsGateway, LeaderReach, pingLeader, renewalPeriodMs, watchLeader } from './leader-reach.js';
import { StandingNotice } from '../timing/standing-notice.js';
import { Lease, type LeaseHolder } from './lease.js';
import { answerAsNode, nodeRunningAs } from './node-names.js';
import { RemoteAdmission } from './admission.js';
import { serveRoutesHere } from './gateway-routes.js';
import { answerWithin } from './request-deadline.js';
import { clientAllowances, overIpAllowance, overKeyAllowance, type Allows } from './gateway-allowances.js';
import { askLeader, leaderWait, type LeaderWait } from './leader-request.js';
import { receivedAt } from './gateway-auth.js';

export interface RunningGateway {
  readonly url: string;
  readonly nodeId: string;
  readonly adminToken: string;
  close(): Promise<void>;
}

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
/** How long a forwarded request waits for the gateway to read a key it does not know yet. */
const KEY_READ_WAIT_MS = 500;

/** Sends requests to whichever node leads (leader-request.ts): undefined when none answered. */
class Forwarder {
  constructor(
    private readonly nats: NatsConnection,
    private readonly subject: string,
    private readonly wait: LeaderWait,
  ) {}

  async send(request: ForwardedRequest): Promise<ForwardedAnswer | undefined> {
    const { headers, data } = encodeRequest(request);
    const reply = await askLeader(this.nats, this.subject, data, this.wait, { headers });
    return reply === undefined ? undefined : decodeAnswer(reply);
  }
}

/**
 * A request's signature checked here, so that the leader need not: answers whether it verified, or
 * refuses it as the leader would. Requests the gateway cannot judge (an unknown key, missing
 * headers, an address the key does not allow) go on unverified, and the leader answers them.
 */
async function verifiedHere(request: FastifyRequest, keys: GatewayKeys): Promise<boolean | 'refused'> {
  const apiKey = request.headers['x-txc-apikey'];
  const payload = request.headers['x-txc-payload'];
  const signature = request.headers['x-txc-signature'];
  if (typeof apiKey !== 'string' || typeof payload !== 'string' || typeof signature !== 'string') return false;
  if (apiKey === '' || payload === '' || signature === '') return false;
  // a key the gateway cannot read in time is the leader's to judge, as one it does not know
  const entry = await keys.get(apiKey, KEY_READ_WAIT_MS).catch(() => undefined);
  if (entry === undefined || entry.record.revokedAt !== null || !entry.ips.allows(request.ip)) return false;
  return entry.hmacKey.verifies(payload, signature) ? true : 'refused';
}

interface GatewayParts {
  readonly config: Config;
  readonly log: Logger;
  readonly keys: GatewayKeys;
  readonly forwarder: Forwarder;
  /** The limits shared with the other gateways in Redis, when it is configured. */
  readonly limits: SharedLimits | undefined;
  /** A client IP's count: in Redis with `limits`, this gateway's own without. */
  readonly perClient: Allows;
  readonly health: () => Promise<{ ok: boolean; body: Record<string, unknown> }>;
  /** The gateway's own figures, served on its `/metrics` (not the leader's). */
  readonly metrics: MetricsOptions;
}

function buildGatewayApp(parts: GatewayParts): FastifyInstance {
  const { config, log, keys, forwarder, limits, perClient, health } = parts;
  const rules = configuredRateRules(config);
  const app = Fastify(serverOptions(config, log));
  // before every route: what it counts is every request, served here or forwarded (route `/*`)
  registerMetrics(app, parts.metrics);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  registerErrorHandling(app);
  app.get('/health', async (_request, reply) => {
    const { ok, body } = await health();
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
  livenessRoute(app);
  const forward = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const ipSpent = await overIpAllowance(request, perClient, rules);
    if (ipSpent !== undefined) return sendError(reply, ipSpent);
    const verified = familyOf(request.url) === 'private' ? await verifiedHere(request, keys) : false;
    if (verified === 'refused') return sendError(reply, 'unauthorized');
    const keySpent = limits !== undefined && verified ? await overKeyAllowance(request, limits, rules) : undefined;
    if (keySpent !== undefined) return sendError(reply, keySpent);
    const body = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
    const headers = endToEnd(request.headers);
    // the client's address is decided here, by this gateway's trusted proxies; the leader takes `ip`
    delete headers['x-forwarded-for'];
    const answer = await forwarder.send({
      method: request.method,
      url: request.url,
      ip: request.ip,
      headers,
      verified,
      receivedAt: receivedAt(reply),
      body,
    });
    if (answer === undefined) return sendUnavailable(reply.header('retry-after', '1'), request.url);
    return reply.code(answer.status).headers(answer.headers).send(Buffer.from(answer.body));
  };
  void app.register((scope, _opts, done) => {
    answerWithin(scope, leaderWait(config).timeoutMs);
    scope.route({ method: [...ALL_METHODS], url: '/', handler: forward });
    scope.route({ method: [...ALL_METHODS], url: '/*', handler: forward });
    done();
  });
  return app;
}

/**
 * The cluster's limits in Redis. Commands fail at once while it is out of reach (no queue, one
 * try), or after REDIS_COMMAND_TIMEOUT_MS while it does not answer, and the gateway then counts on
 * its own (SharedLimits).
 */
function sharedLimits(
  url: string,
  cluster: string,
  log: Logger,
  onRefused: (group: string) => void,
  maxTrackedClients: number | undefined,
): SharedLimits {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  const shown = redactedUrl(url);
  // Every retry of the connection fails again: said once an outage, or a mistyped URL would fill the
  // log, where saying nothing leaves each gateway granting a client its whole allowance unnoticed.
  let out = false;
  const lost = (err: Error | undefined): void => {
    if (out) return void log.debug({ err }, 'Redis');
    out = true;
    // an outage, not a fault of txc's: the reason, without the client's stack (a host of several
    // addresses fails with an AggregateError, whose message is empty)
    const code = (err as { code?: unknown } | undefined)?.code;
    const said = err === undefined ? '' : err.message || (typeof code === 'string' ? code : err.name);
    const reason = said === '' ? '' : ` (${said})`;
    log.warn(
      `Redis at ${shown} is out of reach${reason}: until it is back, this gateway counts the shared rate limits on its own`,
    );
  };
  redis.on('error', (err: Error) => lost(err));
  redis.on('reconnecting', () => lost(undefined));
  redis.on('ready', () => {
    if (out) log.warn(`Redis at ${shown} is back: the rate limits are shared again`);
    out = false;
  });
  const silent = (now: boolean): void =>
    now
      ? log.warn(
          `Redis at ${shown} does not answer within ${REDIS_COMMAND_TIMEOUT_MS} ms: until it does, this gateway counts the shared rate limits on its own`,
        )
      : log.warn(`Redis at ${shown} answers again: the rate limits are shared again`);
  return new SharedLimits(redis, `txc:${cluster}:limits`, onRefused, silent, maxTrackedClients);
}

/** PostgreSQL's "undefined_table": the store has not been made yet. */
const NO_TABLE = '42P01';

/**
 * The cluster's name, once its first engine node has made the store and the lease row. Any other
 * failure to read it (a wrong password, no such database) stops the start, as it would a node's.
 */
async function clusterName(lease: Lease, log: Logger, database: string): Promise<string> {
  const waiting = new StandingNotice();
  for (;;) {
    const held = await lease.holder().catch((e: unknown) => {
      if ((e as { code?: unknown }).code === NO_TABLE) return undefined;
      // the first statement the gateway runs: said in one line, as an engine node says it
      throw new StoreOpenError('postgres', e);
    });
    if (held !== undefined) return held.cluster;
    // the database named: a gateway pointed at another, empty one waits here for ever
    if (waiting.due()) log.info(`waiting for the cluster’s first engine node to make the store at ${database}`);
    await sleep(1_000);
  }
}

/**
 * `txc gateway`: a stateless front of a cluster. It terminates HTTP and WebSocket connections and
 * checks signatures against the API keys it reads from PostgreSQL. On a copy of the venue it applies
 * from the committed journal it serves the streams, order entry (the command alone goes to the
 * leader) and the history reads; every other request goes to the leader over NATS as it came (docs/
 * scaling.md). Nothing of its own is durable, so any number of them can run, and any one may die.
 */
export async function runGateway(config: Config): Promise<RunningGateway> {
  if (config.cluster === undefined) throw new ConfigError('a gateway needs --cluster nats://…');
  const target = clusterTarget(config);
  // refused before the store is opened: opening SQLite would leave an empty database in the data dir
  if (sqliteFileOf(config.database, config.dataDir) !== undefined)
    throw new ConfigError('a gateway reads the cluster’s PostgreSQL store: give --database postgres://…');
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // the CLI finds the gateway here and works through its admin API, as beside `txc serve`
  return DataDirLock.heldFor(config.dataDir, (lock) => startGateway(config, target, lock));
}

/** The gateway's start, once its data dir is held: whatever fails on the way closes what it opened. */
async function startGateway(config: Config, target: ClusterTarget, lock: DataDirLock): Promise<RunningGateway> {
  const log = createLogger(config);
  const store = openStore(config, {
    onConnectionError: (err) => log.warn({ err }, 'a database connection failed; the pool will replace it'),
  });
  if (!(store instanceof PostgresStore)) {
    await store.close();
    throw new ConfigError('a gateway reads the cluster’s PostgreSQL store: give --database postgres://…');
  }
  const nodeId = config.nodeId ?? `gateway-${hostname()}-${process.pid}`;
  // on the connections no history read holds: which node leads is asked however slow the reads are
  const lease = new Lease(store.writes, nodeId, config.lease.ttlMs);
  let nats: NatsConnection | undefined;
  let limits: SharedLimits | undefined;
  let streams: GatewayStreams | undefined;
  let stopChecks = (): void => undefined;
  let waitingFor = 'the cluster’s first engine node';
  let starting: StartUpListener | undefined;
  try {
    starting = await listenWhileStarting(config.host, config.port, () => waitingFor);
    // the first engine node makes the tables with the lease row: nothing is read before it exists
    const cluster = await clusterName(lease, log, redactedUrl(config.database));
    // every process of a cluster takes the cluster's key (docs/scaling.md): one a gateway made up would never be it
    const masterKey = await masterKeyFor(store, config, { generate: false, cluster: true });
    const secrets = SecretBox.fromKey(masterKey.key);
    const admin = resolveAdminToken(config.dataDir, config.adminToken);
    await checkClusterAdminToken(store, masterKey.key, admin);
    const token = admin.token;
    const keys = new GatewayKeys(store, secrets, config.auth.nonceWindowMs);
    await keys.load();
    waitingFor = `NATS at ${target.shown}`;
    const link = await connectCluster(target, `txc ${nodeId}`, log);
    nats = link.nats;
    // one id, one process: two of one id could not be told apart on /health or in the logs
    const twin = await nodeRunningAs(nats, cluster, nodeId, renewalPeriodMs(config));
    if (twin !== undefined) {
      throw new ConfigError(
        `another node of this cluster runs as ${nodeId} (${twin}): give each node its own --node-id`,
      );
    }
    waitingFor = 'its copy of the venue, read from the journal';
    const connection = nats;
    connection.subscribe(keyRevokedSubject(cluster), {
      callback: (error, msg) => {
        if (error !== null) return;
        // what throws here would stop the connection's reader: every subscription of this gateway
        try {
          keys.revoked(msg.string(), Date.now());
          streams?.venue.keyChanged(msg.string());
        } catch (e) {
          log.error({ err: e }, 'a key revocation could not be applied');
        }
      },
    });
    const readKeys = (): void => void keys.load().catch((e: unknown) => log.warn({ err: e }, 'reading the API keys'));
    // a key created or changed (its allow-list edited): read again, and its sockets checked again
    connection.subscribe(keyCreatedSubject(cluster), {
      callback: (error) => {
        if (error === null) readKeys();
      },
    });
    // what the leader announced while this gateway was cut off from NATS is lost: once back, it reads
    // the keys again (and, as after every read, checks every socket against them)
    link.onReconnect(readKeys);
    // a leader alive but deaf to this gateway: another NATS than the cluster's (leader-reach.ts); any
    // answer of the leader counts as heard, so a leader slow to answer pings under load is not taken for one
    const reach = new LeaderReach(pingLeader(connection, cluster, config.lease.ttlMs));
    const wait = { ...leaderWait(config), onAnswer: () => reach.answered() };
    const forwarder = new Forwarder(connection, httpSubject(cluster), wait);
    const cutOff = new StandingNotice();
    // who leads, said when it changes: what a pager reads first when requests begin to answer 503
    let leading: string | null | undefined;
    stopChecks = watchLeader(lease, reach, renewalPeriodMs(config), (held) => {
      const now = held?.live === true ? held.holder : null;
      if (now !== leading) {
        if (now === null) log.warn('no engine node leads: requests wait for one, then answer 503');
        // a change of leader is news; the leader found at start-up is not
        else
          log[leading === undefined ? 'info' : 'warn'](
            { leader: now, epoch: held?.epoch },
            `engine node ${now} leads the cluster`,
          );
        leading = now;
      }
      if (!reach.cutOff || !cutOff.due()) return;
      log.warn(
        { leader: held?.holder ?? null, nats: config.cluster },
        'the leader renews its lease but does not answer this gateway over NATS: is --cluster the NATS the engine nodes use? Every request waits, then answers 503',
      );
    });
    // what a standby cut off from its leader asks before it takes the lease
    answerAsGateway(connection, cluster, nodeId);
    /** The lease and the journal's last committed seq, as the store answers now (undefined: it did not). */
    const standing = async (): Promise<{ held: LeaseHolder | undefined; seq: number | undefined }> => ({
      held: await lease.holder().catch(() => undefined),
      seq: await store.lastSeq().catch(() => undefined),
    });
    const health = async (): Promise<{ ok: boolean; body: Record<string, unknown> }> => {
      const { held, seq } = await standing();
      const nats = link.up();
      // lost NATS, or on another NATS than the leader: nothing reaches the leader
      const ok = held?.live === true && seq !== undefined && nats && !reach.cutOff;
      const place: ClusterPlace = {
        role: 'gateway',
        node: nodeId,
        // a lapsed or given-up lease names nobody: as an engine node reports it
        leader: held?.live === true ? held.holder : null,
        epoch: held?.epoch ?? null,
        nats,
        leaderAnswers: !reach.cutOff,
        // not a reason to answer 503: a gateway without Redis serves as well, only counting limits alone
        ...(limits === undefined ? {} : { redis: limits.connected() }),
      };
      const applied = streams?.venue.state.seq ?? null;
      return { ok, body: { status: ok ? 'ok' : 'unavailable', seq: seq ?? null, applied, cluster: place } };
    };
    const metrics = new HttpMetrics();
    // what the gateway refuses itself, the leader never sees: counted here, as a single server counts its own
    const refusals = metrics.rateLimits;
    const refused = (group: string): void => refusals.refused(group);
    limits =
      config.redis === undefined
        ? undefined
        : sharedLimits(config.redis, cluster, log, refused, config.rateLimits.maxTrackedClients);
    // one count of each client IP for HTTP and WebSocket alike, as on a single server
    const perClient = clientAllowances(limits, config.rateLimits.maxTrackedClients, refused);
    watchCluster(
      metrics,
      () => ({
        role: 'gateway',
        natsConnected: link.up(),
        appliedSeq: streams?.venue.state.seq,
        redisConnected: limits?.connected(),
      }),
      async () => {
        const { held, seq } = await standing();
        return { journalSeq: seq, epoch: held?.epoch, leaderLive: held?.live };
      },
    );
    const app = buildGatewayApp({
      config,
      log,
      keys,
      forwarder,
      limits,
      perClient,
      health,
      metrics: metricsOptions(config, metrics, token),
    });
    const rules = configuredRateRules(config);
    const admission = new RemoteAdmission(connection, cluster, wait);
    streams = await openGatewayStreams({
      app,
      config,
      log,
      store,
      nats,
      cluster,
      keys,
      secrets,
      perClient,
      rules,
      observer: metrics.streams,
      admission,
      limits,
    });
    const following = streams;
    // a read of the keys is the copy made current, however it came about (an announcement, one missed,
    // a key not known yet): every socket is checked against the keys as they now stand
    keys.onLoaded(() => following.venue.keyChanged(undefined));
    serveRoutesHere(app, { config, venue: following.venue, keys, admission, limits, perClient, rules });
    // its port, for the process's own listener
    await starting.close();
    starting = undefined;
    await app.listen({ host: config.host, port: config.port }).catch((e: unknown) => {
      throw new ListenError(config.host, config.port, e);
    });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const url = baseUrl(config.host, port);
    lock.announce(url);
    answerAsNode(connection, cluster, nodeId, () => url);
    log.info({ url, node: nodeId, cluster }, `txc gateway is serving the API V4 on ${url}`);
    return {
      url,
      nodeId,
      adminToken: token,
      async close() {
        stopChecks();
        await app.close();
        await following.close();
        await connection.drain().catch(() => undefined);
        await limits?.close();
        await store.close();
        lock.release();
        log.info({ node: nodeId }, 'txc gateway stopped');
      },
    };
  } catch (e) {
    await starting?.close();
    stopChecks();
    await streams?.close();
    await limits?.close();
    await nats?.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    throw e;
  }
}
