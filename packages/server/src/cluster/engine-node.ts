import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { ConfigError } from '../config/load.js';
import type { Config } from '../config/schema.js';
import { configuredRateRules } from '../http/configured-rate-rules.js';
import type { ClusterPlace } from '../http/routes/health.js';
import { buildStandbyApp } from '../http/standby-app.js';
import { resolveAdminToken } from '../process/admin-token.js';
import { ADMIN_TOKEN_DIGEST_META, adminTokenToRecord, claimClusterAdminToken } from '../process/cluster-admin-token.js';
import { ListenError } from '../process/listen-error.js';
import { listenWhileStarting, type StartUpListener } from '../process/start-up-listener.js';
import { StandingNotice } from '../timing/standing-notice.js';
import { baseUrl } from '../process/base-url.js';
import { DataDirLock } from '../process/data-dir-lock.js';
import { createLogger } from '../process/logger.js';
import { readStartFiles, serve, type RunningServer } from '../process/serve.js';
import { openStore } from '../store/open-store.js';
import { sqliteFileOf } from '../store/store-location.js';
import { PostgresStore } from '../store/postgres.js';
import { StoreClaimedError } from '../store/store-claimed-error.js';
import { claimClusterMasterKey, masterKeyFor } from '../process/store-master-key.js';
import { SecretBox } from '../secrets/secret-box.js';
import { settledWithin } from '../timing/settled-within.js';
import { ApiKeyRegistry } from '../venue/keys/api-keys.js';
import { metricsOptions } from '../http/plugins/metrics.js';
import { HttpMetrics } from '../metrics/metrics.js';
import { watchCluster } from '../metrics/cluster-metrics.js';
import { clusterTarget, connectCluster, type ClusterConnection, type ClusterTarget } from './cluster-connection.js';
import { keyCreatedSubject, keyRevokedSubject } from './http-over-nats.js';
import { followerFailures } from './follower-failures.js';
import { answerAsNode, nodeRunningAs } from './node-names.js';
import { JournalFollower } from './journal-follower.js';
import { answerAdmissions } from './admission.js';
import { answerCommands } from './command-link.js';
import { answerGateways } from './request-responder.js';
import { Lease } from './lease.js';
import { gatewaysMayAnswer, LeaderReach, pingLeader, renewalPeriodMs } from './leader-reach.js';
import { flagsDiffer, leaderFlagsRecord, venueFlagsOf, VENUE_FLAGS_META, type VenueFlags } from './venue-flags.js';

/** An engine node of a cluster, leading or standing by. */
export interface RunningNode {
  readonly url: string;
  readonly nodeId: string;
  readonly adminToken: string;
  /** The venue's server while this node leads. */
  leading(): RunningServer | undefined;
  place(): ClusterPlace;
  /** Stops: a leader commits what it applied and gives the lease up, so that a standby takes over at once. */
  close(): Promise<void>;
}

const FOLLOW_RETRY_MS = 1_000;
/** How long a node that steps down waits for the venue it led to close before it stands by. */
const STEP_DOWN_CLOSE_WAIT_MS = 2_000;
/** How long, and how often, a standby tries its port while the server of the venue it led still holds it. */
const PORT_TAKEN_WAIT_MS = 10_000;
const PORT_TAKEN_RETRY_MS = 10;
/** The least a leader stops answering before its lease may lapse: a timer can fire this late. */
const LAPSE_MARGIN_MIN_MS = 50;
/** Lease lifetimes a node waits after it failed to take over, before it tries again. */
const TAKEOVER_RETRY_TTLS = 5;

const ENGINE_NODE_ADVICE =
  'an engine node does not take a database from a running txc serve: stop that server first, or give the cluster a database of its own';

/**
 * `txc serve --cluster`: one engine node. It stands by, following the committed journal in memory,
 * until it takes the lapsed lease; it then catches up to the journal's end and serves the venue from
 * the state it followed, as `txc serve` does, every write fenced by its lease epoch. It renews the
 * lease while it leads, and steps back to standing by as soon as the lease is lost or lapses (the
 * fence has already refused whatever it committed after that).
 */
class EngineNode implements RunningNode {
  private readonly lease: Lease;
  /** Whether the leader answers this node over NATS: one on another NATS must not take its place. */
  private readonly reach: LeaderReach;
  private port: number;
  private follower: JournalFollower | undefined;
  private standbyApp: FastifyInstance | undefined;
  private server: RunningServer | undefined;
  private epoch: number | null = null;
  private leader: string | null = null;
  /** The last look at the lease failed: the store is out of reach, and who leads is not known. */
  private leaseUnread = false;
  /** A warning that the lease cannot be read was logged, and its end is still to be said. */
  private leaseWarned = false;
  /**
   * The last journal entry this node's state applied, kept while no follower is open: a standby that
   * cannot read the store yet (after a step-down, a failed takeover) still has that state behind it.
   */
  private appliedSeq = 0;
  private renewing = false;
  /** Fires when the lease may lapse unrenewed: a standby may then take it, so this node stops answering. */
  private lapse: NodeJS.Timeout | undefined;
  /** The lease may have lapsed unrenewed since this node took it. */
  private lapsed = false;
  /** This node holds the lease: from taking it, through its start as leader, until it steps down. */
  private holding = false;
  /** No campaign before this (performance.now()): set when taking over failed. */
  private campaignAfter = 0;
  /** What keeps this standby from taking a lapsed lease, said while it lasts. */
  private readonly venueNotice = new StandingNotice();
  private readonly reachNotice = new StandingNotice();
  private readonly leaseNotice = new StandingNotice();
  /** The flags it leads with, read once: their files are hashed at start, not at each takeover. */
  private readonly venueFlags: VenueFlags;
  /** The close of the venue it last led, which a step-down does not wait for while the store hangs. */
  private venueClosing: Promise<unknown> = Promise.resolve();
  /** A standby that cannot load the journal tries every FOLLOW_RETRY_MS: said once a half minute. */
  private readonly journalNotice = new StandingNotice();
  private timer: NodeJS.Timeout | undefined;
  /** Role changes, one at a time. */
  private changing: Promise<void> = Promise.resolve();
  private closed = false;

  /** Answers the gateways' requests and commands while this node leads. */
  private gateways: readonly Subscription[] = [];
  private readonly nats: NatsConnection;
  /** What the standby's `/metrics` serves (a leader's are its server's). */
  private readonly standbyMetrics = new HttpMetrics();

  constructor(
    private readonly config: Config,
    private readonly store: PostgresStore,
    private readonly link: ClusterConnection,
    private readonly cluster: string,
    private readonly log: Logger,
    readonly nodeId: string,
    /** The data dir's, held for as long as the node runs, standing by as leading. */
    private readonly lock: DataDirLock,
    readonly adminToken: string,
    /** The admin token's digest as the store records it (cluster-admin-token.ts). */
    private readonly adminTokenDigest: string,
  ) {
    this.lease = new Lease(store.writes, nodeId, config.lease.ttlMs);
    this.venueFlags = venueFlagsOf(config);
    this.port = config.port;
    this.nats = link.nats;
    this.reach = new LeaderReach(pingLeader(link.nats, cluster, renewalPeriodMs(config)));
    watchCluster(
      this.standbyMetrics,
      () => ({ role: this.place().role, natsConnected: link.up(), appliedSeq: this.applied() }),
      async () => ({
        journalSeq: await store.lastSeq(),
        // the lease as the standby's last try for it read it
        epoch: this.epoch ?? undefined,
        leaderLive: this.leader !== null,
      }),
    );
  }

  get url(): string {
    return baseUrl(this.config.host, this.port);
  }

  leading(): RunningServer | undefined {
    return this.server;
  }

  private applied(): number {
    return this.follower?.state.seq ?? this.appliedSeq;
  }

  place(): ClusterPlace {
    return {
      role: this.server === undefined ? 'standby' : 'leader',
      node: this.nodeId,
      leader: this.leader,
      epoch: this.epoch,
      nats: this.link.up(),
      ...(this.server === undefined ? { leaderAnswers: !this.reach.cutOff } : {}),
    };
  }

  async start(): Promise<void> {
    const differs = flagsDiffer(await this.store.getMeta(VENUE_FLAGS_META), this.venueFlags);
    if (differs !== undefined) this.log.warn(`this node's flags differ from those the venue is led with: ${differs}`);
    await this.answerAsStandby();
    await this.followJournal();
    answerAsNode(this.nats, this.cluster, this.nodeId, () => this.url);
    // a standby tries for the lease as often as the leader renews it
    this.timer = setInterval(() => this.tick(), Math.max(50, Math.floor(this.config.lease.ttlMs / 3)));
  }

  close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.lapse);
    return this.change(async () => {
      try {
        const { server, epoch } = this;
        if (server !== undefined && epoch !== null) {
          this.server = undefined;
          this.stopAnswering();
          await server.close();
          await this.lease.release(epoch).catch(() => undefined);
        }
        // a venue it stepped down from while its store hung may be closing still: its last commit is awaited
        await this.venueClosing;
        await this.follower?.close();
        await this.closeStandbyApp();
        await this.store.close();
        await this.nats.close();
      } finally {
        this.lock.release();
      }
      this.log.info({ node: this.nodeId }, 'txc stopped');
    });
  }

  private change(work: () => Promise<void>): Promise<void> {
    this.changing = this.changing
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, 'changing roles failed'));
    return this.changing;
  }

  private tick(): void {
    if (this.closed) return;
    if (this.server !== undefined && this.natsLost()) {
      void this.change(async () => {
        // queued behind another role change, this may run once NATS is back: gateways reach the leader again
        if (!this.natsLost()) return;
        const seconds = Math.round(this.link.lostFor() / 1000);
        await this.stepDown(`no gateway can reach it: NATS lost for ${seconds} s`, true);
      });
    }
    // from the moment it takes the lease, through its start as leader: a slow start must not let it lapse
    else if (this.holding) void this.renew();
    else void this.change(() => this.campaign());
  }

  /** NATS has been lost for longer than a leader keeps the lease without it. */
  private natsLost(): boolean {
    return this.link.lostFor() > this.config.lease.natsLossMs;
  }

  private async campaign(): Promise<void> {
    if (this.closed || this.holding || this.follower === undefined) return;
    if (performance.now() < this.campaignAfter) return;
    try {
      // a node cut off from NATS would lead a venue that no gateway reaches; so would one on another NATS
      if (!this.link.up()) return await this.readLease();
      if (this.reach.cutOff && !(await gatewaysMayAnswer(this.nats, this.cluster, renewalPeriodMs(this.config)))) {
        if (this.reachNotice.due()) {
          this.log.warn(
            { leader: this.leader, nats: this.config.cluster },
            'neither the leader, which renews its lease, nor any gateway answers this node over NATS: is --cluster the NATS the gateways use? This node will not take the lease',
          );
        }
        return await this.readLease();
      }
      // the lease runs from when the database applies the statement: no earlier than it was sent
      const sent = performance.now();
      const epoch = await this.lease.acquire();
      this.leaseReached();
      if (epoch !== undefined) return await this.takeOver(epoch, sent);
      await this.readLease();
      if (this.leader === null) await this.warnOfVenue();
    } catch (error) {
      // a standby that cannot read the store can take nothing over: it names no leader and is not ready
      this.leaseUnread = true;
      this.leader = null;
      if (this.leaseNotice.due()) {
        this.log.warn({ err: error }, 'cannot reach the lease');
        this.leaseWarned = true;
      }
    }
  }

  /**
   * A lapsed lease this node could not take: a `txc serve` started on the database meanwhile holds it
   * (Lease.acquire). Said every half minute while it lasts; the node stands by until that server stops.
   */
  private async warnOfVenue(): Promise<void> {
    // looked for at most as often as it is said: a lease that could not be taken for another reason costs no query a tick
    if (!this.venueNotice.due()) return;
    const venue = await this.store.venueHolder();
    if (venue === undefined) return;
    this.log.warn({ venue }, 'a txc serve holds the cluster’s database: no engine node leads until it stops');
  }

  /** Read again: said once after a warning, whose notice keeps its half minute (a flapping store says no more). */
  private leaseReached(): void {
    if (this.leaseWarned) this.log.info('the lease can be read again');
    this.leaseWarned = false;
    this.leaseUnread = false;
  }

  /** Who holds the lease now, as /health reports it. */
  private async readLease(): Promise<void> {
    const held = await this.lease.holder();
    this.leaseReached();
    // a lease still naming this node that it no longer serves (it stepped down before the database saw the
    // lease lapse) names nobody
    const serving = held?.holder !== this.nodeId || this.server !== undefined;
    this.leader = held?.live === true && serving ? held.holder : null;
    this.epoch = held?.epoch ?? null;
    this.reach.observe(held, this.nodeId);
  }

  private async takeOver(epoch: number, sent: number): Promise<void> {
    const follower = this.follower!;
    this.holding = true;
    this.lapsed = false;
    this.epoch = epoch;
    this.leader = this.nodeId;
    this.expectLapse(sent);
    try {
      // The lease is this node's: the leader before can commit nothing more, so the journal's end is final.
      await follower.catchUp();
      this.appliedSeq = follower.state.seq;
      await follower.close();
      this.follower = undefined;
      this.log.warn({ node: this.nodeId, epoch, seq: follower.state.seq }, 'this node leads the cluster');
      const gatewayMark = randomBytes(32).toString('hex');
      const server = await serve(
        { ...this.config, port: this.port },
        {
          term: {
            epoch,
            loaded: follower.current,
            place: () => this.place(),
            gatewayMark,
            natsConnected: () => this.link.up(),
            releasePort: () => this.closeStandbyApp(),
          },
          lock: this.lock,
        },
      );
      this.server = server;
      await this.recordAdminToken(server);
      this.gateways = [
        answerGateways(this.nats, this.cluster, server.app, gatewayMark, this.log),
        answerCommands(this.nats, this.cluster, server.venue, this.log),
        answerAdmissions(
          this.nats,
          this.cluster,
          server.venue,
          server.app.rateLimiter,
          configuredRateRules(this.config),
          this.log,
        ),
      ];
      // a start slower than the lease's lifetime: the step-down is queued behind it
      if (this.lapsed) this.stopAnswering();
      server.venue.onKeyRevoked((apiKey) => this.nats.publish(keyRevokedSubject(this.cluster), apiKey));
      server.venue.onKeyCreated((apiKey) => this.nats.publish(keyCreatedSubject(this.cluster), apiKey));
      // once the gateways are answered: what it says is for the operator, and a failover need not wait for it
      void this.recordVenueFlags(server);
    } catch (error) {
      this.log.error({ err: error, epoch }, 'could not start leading: standing by again');
      this.holding = false;
      clearTimeout(this.lapse);
      await this.lease.release(epoch).catch(() => undefined);
      // another node may do better: this one lets the lease go to it for a while
      this.campaignAfter = performance.now() + TAKEOVER_RETRY_TTLS * this.config.lease.ttlMs;
      this.appliedSeq = follower.state.seq;
      await follower.close();
      this.follower = undefined;
      // its standby listener answers still unless the venue's server had taken the port
      await this.standByAgain(this.answerAsStandby());
    }
  }

  /** Records the admin token's digest where nodes that started beside a leader could not (the lease fenced them). */
  private async recordAdminToken(server: RunningServer): Promise<void> {
    try {
      const recorded = await server.venue.store.getMeta(ADMIN_TOKEN_DIGEST_META);
      if (adminTokenToRecord(recorded, this.adminTokenDigest)) {
        await server.venue.setMeta(ADMIN_TOKEN_DIGEST_META, this.adminTokenDigest);
      }
    } catch (error) {
      // the next leader records it: nothing it guards is lost meanwhile
      this.log.warn({ err: error }, 'the admin token could not be recorded in the store');
    }
  }

  /** Records the flags this node leads with, saying first how they differ from those of the node that led before. */
  private async recordVenueFlags(server: RunningServer): Promise<void> {
    try {
      const differs = flagsDiffer(await server.venue.store.getMeta(VENUE_FLAGS_META), this.venueFlags);
      if (differs !== undefined)
        this.log.warn(`this node leads with flags unlike those of the node before: ${differs}`);
      await server.venue.setMeta(VENUE_FLAGS_META, leaderFlagsRecord(this.nodeId, this.venueFlags));
    } catch (error) {
      this.log.warn({ err: error }, 'the flags this node leads with could not be recorded in the store');
    }
  }

  /** Renews the lease; steps down when another node took it (`expectLapse` sees to one that lapses unrenewed). */
  private async renew(): Promise<void> {
    const epoch = this.epoch;
    if (this.renewing || epoch === null || this.lapsed) return;
    this.renewing = true;
    const sent = performance.now();
    try {
      if (await this.lease.renew(epoch)) this.expectLapse(sent);
      else await this.change(() => this.stepDown('another node took the lease'));
    } catch (error) {
      this.log.warn({ err: error }, 'the lease could not be renewed');
    } finally {
      this.renewing = false;
    }
  }

  /**
   * Arms the step-down for a lease renewed (or taken) by a statement sent at `sent`: the database
   * makes it last its lifetime from when it applies the statement, so from `sent` on it lasts at least
   * that long. A standby takes it as soon as it lapses and starts answering the gateways' commands:
   * this node stops answering them a margin before, or a gateway could take its answer (a 503 for a
   * commit that failed here, a stale read) for one the new leader gives otherwise. A renew that hangs
   * (a database out of reach) would otherwise keep it answering until the renew fails.
   */
  private expectLapse(sent: number): void {
    // a renew that comes back after the step-down began, or after close(), arms nothing
    if (this.lapsed || this.closed) return;
    clearTimeout(this.lapse);
    const { ttlMs } = this.config.lease;
    const at = sent + ttlMs - Math.max(LAPSE_MARGIN_MIN_MS, Math.floor(ttlMs / 5));
    this.lapse = setTimeout(() => this.leaseMayLapse(), Math.max(0, at - performance.now()));
  }

  private leaseMayLapse(): void {
    if (!this.holding || this.closed) return;
    this.lapsed = true;
    this.stopAnswering();
    this.log.warn(
      { node: this.nodeId, epoch: this.epoch },
      'the lease may lapse unrenewed: no longer answering the gateways',
    );
    // given up, not left to lapse: a renew the database applied late may have extended it, and no
    // standby could take it meanwhile (the release is fenced by epoch, a no-op if it was taken)
    void this.change(() => this.stepDown('the lease lapsed before it could be renewed', true));
  }

  private stopAnswering(): void {
    for (const s of this.gateways) s.unsubscribe();
    this.gateways = [];
  }

  /**
   * Stands by again. A node that still holds the lease (`giveUp`) commits what it applied, then lets
   * the lease go so that a standby takes over at once rather than after its lifetime.
   */
  private async stepDown(reason: string, giveUp = false): Promise<void> {
    const server = this.server;
    const epoch = this.epoch;
    if (!this.holding || server === undefined) return;
    this.holding = false;
    clearTimeout(this.lapse);
    this.server = undefined;
    // until the lease is read again, /health names no leader rather than this node
    this.leader = null;
    this.stopAnswering();
    this.log.warn({ node: this.nodeId, epoch: this.epoch, reason }, 'this node no longer leads: standing by');
    // what it applied and did not commit in time is refused by the fence: the standby state comes from the store
    const closing = server.close().then(
      () => true,
      (error: unknown) => {
        this.log.warn({ err: error }, 'stepping down');
        return true;
      },
    );
    // a store that hangs holds the close (its last commit, its snapshot) as long as it hangs: the node
    // stands by meanwhile, its port answering; once another node leads, the fence refuses what the
    // close may still commit, and until then that commit is this node's own, of its own term
    this.venueClosing = closing;
    // what /health reports until the close says what it committed
    this.appliedSeq = server.venue.status.seq;
    // the port is answered as soon as the venue's server lets it go, not once the venue has closed
    const answering = this.answerAsStandby();
    answering.catch(() => undefined);
    if (!(await settledWithin(closing, STEP_DOWN_CLOSE_WAIT_MS, () => false)))
      this.log.warn(
        { node: this.nodeId, epoch },
        `the venue this node led has not closed within ${STEP_DOWN_CLOSE_WAIT_MS} ms (its store does not answer): standing by meanwhile`,
      );
    // what it committed: the fence refused the rest, and the follower's state will start from the store
    this.appliedSeq = server.venue.status.seq;
    // not awaited, for the same store: the release is fenced by epoch, a no-op once another took the lease
    if (giveUp && epoch !== null) void this.lease.release(epoch).catch(() => undefined);
    // read while the standby listens already: a lapsed lease often means a slow store
    void this.readLease().catch(() => undefined);
    await this.standByAgain(answering);
  }

  /**
   * Listens on the node's port. The server of a venue it led lets the port go a moment after its
   * close begins: a taken port is tried again, often, for a while before it is a failure.
   */
  private async listenOnItsPort(app: FastifyInstance): Promise<void> {
    const until = performance.now() + PORT_TAKEN_WAIT_MS;
    for (;;) {
      try {
        return void (await app.listen({ host: this.config.host, port: this.port }));
      } catch (e) {
        const taken = (e as NodeJS.ErrnoException).code === 'EADDRINUSE';
        if (!taken || this.closed || performance.now() > until) throw new ListenError(this.config.host, this.port, e);
        await new Promise((resolve) => setTimeout(resolve, PORT_TAKEN_RETRY_MS));
      }
    }
  }

  /** Lets the port go that the node answered on as a standby. */
  private async closeStandbyApp(): Promise<void> {
    const app = this.standbyApp;
    this.standbyApp = undefined;
    await app?.close();
  }

  /**
   * Follows the journal again after leading, or trying to, once `answering` (its standby listener)
   * has listened or failed to: a port it cannot listen on is told, not the end of the node, which
   * goes on following and may lead (its venue's server tries the port again).
   */
  private async standByAgain(answering: Promise<void>): Promise<void> {
    try {
      await answering;
    } catch (error) {
      if (!this.closed)
        this.log.error({ err: error }, 'cannot listen on its port as a standby: following the journal all the same');
    }
    if (!this.closed) await this.followJournal();
  }

  /** Answers on the node's port as a standby (`/health`), unless it does already. */
  private async answerAsStandby(): Promise<void> {
    if (this.standbyApp !== undefined) return;
    const app = buildStandbyApp(
      this.log,
      () => ({
        place: this.place(),
        seq: this.applied(),
        following: this.follower !== undefined && !this.leaseUnread,
      }),
      metricsOptions(this.config, this.standbyMetrics, this.adminToken),
    );
    await this.listenOnItsPort(app);
    const address = app.server.address();
    if (typeof address === 'object' && address !== null) this.port = address.port;
    this.standbyApp = app;
    this.lock.announce(this.url);
  }

  /** Follows the committed journal in memory, retrying while the store cannot be read. */
  private async followJournal(): Promise<void> {
    while (!this.closed) {
      try {
        const follower = await JournalFollower.open(this.store, followerFailures(this.log));
        await follower.follow(() => this.store.session(), this.config.lease.followPollMs);
        this.follower = follower;
        this.log.info({ node: this.nodeId, seq: follower.state.seq }, 'standing by, following the journal');
        return;
      } catch (error) {
        if (this.journalNotice.due()) this.log.warn({ err: error }, 'cannot load the journal yet');
        await new Promise((resolve) => setTimeout(resolve, FOLLOW_RETRY_MS));
      }
    }
  }
}

/**
 * A node that could not open the venue's API keys would take the lease only to fail, again and again,
 * while the leader it displaced could have gone on: a wrong master key stops it before it stands by.
 */
async function opensTheKeys(store: PostgresStore, config: Config, box: SecretBox): Promise<void> {
  new ApiKeyRegistry(config.auth.nonceWindowMs).load(await store.loadApiKeys(), [], box);
}

/** Starts an engine node on `config` (which names the cluster and a PostgreSQL store). */
export async function runEngineNode(config: Config): Promise<RunningNode> {
  if (config.cluster === undefined) throw new ConfigError('an engine node needs --cluster nats://…');
  const target = clusterTarget(config);
  // refused before the store is opened: opening SQLite would leave an empty database in the data dir
  if (sqliteFileOf(config.database, config.dataDir) !== undefined)
    throw new ConfigError('an engine node keeps its journal in PostgreSQL: give --database postgres://…');
  // a node that would fail at its files when it comes to lead must not stand by meanwhile
  readStartFiles(config);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // one process per data dir, as for `txc serve`: a second node there would share its credentials and announce
  return DataDirLock.heldFor(config.dataDir, (lock) => startEngineNode(config, target, lock));
}

/** The node's start, once its data dir is held: whatever fails on the way closes what it opened. */
async function startEngineNode(config: Config, target: ClusterTarget, lock: DataDirLock): Promise<RunningNode> {
  const log = createLogger(config);
  const store = openStore(config, {
    onConnectionError: (err) => log.warn({ err }, 'a database connection failed; the pool will replace it'),
  });
  if (!(store instanceof PostgresStore)) {
    await store.close();
    throw new ConfigError('an engine node keeps its journal in PostgreSQL: give --database postgres://…');
  }
  const nodeId = config.nodeId ?? `${hostname()}-${process.pid}`;
  let nats: NatsConnection | undefined;
  let starting: StartUpListener | undefined;
  try {
    // before the migrations: a node given no key, or the wrong one, writes nothing
    const masterKey = await masterKeyFor(store, config, { generate: true, cluster: true });
    // nor one on the database of a running server (the lease row would fence its commits): not a node's to take
    const venue = await store.venueHolder();
    if (venue !== undefined) throw new StoreClaimedError(venue, ENGINE_NODE_ADVICE);
    await store.migrate();
    await claimClusterMasterKey(store, masterKey);
    const token = resolveAdminToken(config.dataDir, config.adminToken);
    const digest = await claimClusterAdminToken(store, masterKey, token);
    await opensTheKeys(store, config, SecretBox.fromKey(masterKey.key));
    const cluster = await new Lease(store.writes, nodeId, config.lease.ttlMs).create();
    starting = await listenWhileStarting(config.host, config.port, () => `NATS at ${target.shown}`);
    const link = await connectCluster(target, `txc node ${nodeId}`, log);
    nats = link.nats;
    const twin = await nodeRunningAs(nats, cluster, nodeId, renewalPeriodMs(config));
    if (twin !== undefined) {
      throw new ConfigError(
        `another node of this cluster runs as ${nodeId} (${twin}): give each node its own --node-id`,
      );
    }
    // its port, for the process's own listener
    await starting.close();
    starting = undefined;
    const node = new EngineNode(config, store, link, cluster, log, nodeId, lock, token.token, digest);
    await node.start();
    return node;
  } catch (e) {
    await starting?.close();
    await store.close().catch(() => undefined);
    await nats?.close().catch(() => undefined);
    throw e;
  }
}
