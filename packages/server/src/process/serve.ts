import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { answerWithinMs, commitWithinMs } from '../config/answer-within.js';
import type { Config } from '../config/schema.js';
import { fromSettingFile } from '../config/setting-file.js';
import { writeDemoCredentials } from '../demo/credentials.js';
import { seedDemo } from '../demo/seed.js';
import { buildApp, type Route } from '../http/app.js';
import type { ClusterPlace } from '../http/routes/health.js';
import type { LoadedState } from '../venue/sequencer/load-state.js';
import { watchCluster } from '../metrics/cluster-metrics.js';
import { Metrics } from '../metrics/metrics.js';
import { Candles } from '../market-data/candles.js';
import { MarketData } from '../market-data/market-data.js';
import { masterKeyFor, recordMasterKeyId } from './store-master-key.js';
import { SecretBox } from '../secrets/secret-box.js';
import { openStore } from '../store/open-store.js';
import { CLIENT_TIMEOUT_MARGIN_MS } from '../store/postgres.js';
import type { Store } from '../store/port.js';
import { provenWritable } from '../store/proven-writable.js';
import { sqliteFileOf } from '../store/store-location.js';
import { recordStoreKind } from '../store/store-kind.js';
import { systemClock, type Clock } from '../venue/sequencer/clock.js';
import { Venue } from '../venue/venue.js';
import { applyVenueFile, readVenueFile, toAssetSpecs, toMarketSpecs, type VenueFile } from '../venue/venue-file.js';
import { SIMULATION_JOBS, startJobs, type Job } from '../jobs/jobs.js';
import { fundingSettlement } from '../jobs/funding-settlement.js';
import { killSwitchTimer } from '../jobs/kill-switch-timer.js';
import { heldWithdrawalExpiry } from '../jobs/held-withdrawal-expiry.js';
import { liquidationWatcher } from '../jobs/liquidation-watcher.js';
import { priceFeedJob } from '../jobs/price-feed.js';
import { Wallet } from '../wallet/wallet.js';
import { adminToken } from './admin-token.js';
import { baseUrl } from './base-url.js';
import { DataDirLock } from './data-dir-lock.js';
import { ListenError } from './listen-error.js';
import type { Logger } from 'pino';
import { createLogger } from './logger.js';
import { Progress } from './progress.js';
import { simulatorSettingsOf } from '../simulator/simulator-settings.js';
import { sandboxFaults } from '../faults/sandbox-faults.js';
import { carryDemoKeys, recordInitialState } from '../admin/reset-demo.js';
import { statesDirOf } from '../admin/saved-states.js';
import { watchCommitStalls } from '../venue/commit-stall.js';

export const DEMO_VENUE_FILE = fileURLToPath(new URL('../../venues/demo.json', import.meta.url));

export interface RunningServer {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly venue: Venue;
  readonly adminToken: string;
  readonly credentialsFile: string | undefined;
  /** Stops taking requests, lets those in flight finish, commits everything, snapshots, unlocks. */
  close(): Promise<void>;
}

export interface ServeExtras {
  readonly extraPrivateRoutes?: readonly Route[];
  /** Where the venue reads time (the system clock unless a test moves its own). */
  readonly clock?: Clock;
  /** An engine node that has just taken a cluster's lease: the venue it leads (cluster/engine-node.ts). */
  readonly term?: LeadershipTerm;
  /** The data dir's lock, when the process serving holds it already (an engine node, leader or not). */
  readonly lock?: DataDirLock;
  /** Where the server logs (stdout at the configured level unless a test reads what it says). */
  readonly log?: Logger;
}

/** How often a stop that waits on its store says so. */
const STOP_NOTICE_MS = 5_000;

/** What an engine node brings to the venue it starts leading. */
export interface LeadershipTerm {
  /** The lease epoch it holds: every write it makes is fenced with it. */
  readonly epoch: number;
  /** The state it followed as a standby, at the journal's end: not loaded again. */
  readonly loaded: LoadedState;
  /** Its place in the cluster, as /health shows it. */
  readonly place: () => ClusterPlace;
  /** The mark of requests its gateways checked the signature of (http/plugins/private-auth.ts). */
  readonly gatewayMark: string;
  /** Whether its connection to the cluster's NATS is up at this moment (`/metrics`). */
  readonly natsConnected: () => boolean;
  /**
   * Lets the node's port go, right before the venue's server listens on it: the standby's listener
   * answers `/health` until then, so that a probe is not refused while the venue opens.
   */
  readonly releasePort: () => Promise<void>;
}

/**
 * The background jobs of a server. Liquidation checks follow every price move in every mode,
 * kill-switches fire and held sub-account withdrawals expire when due; funding
 * settles on its schedule unless the admin API is to settle it; the price feed runs unless it is
 * static; `--simulate` adds the sandbox's own.
 */
function jobsOf(config: Config): Job[] {
  const feed = priceFeedJob(config);
  const scheduled =
    (config.fundingSettlement ?? (config.demo && !config.simulate ? 'admin' : 'schedule')) === 'schedule';
  return [
    liquidationWatcher,
    killSwitchTimer,
    heldWithdrawalExpiry,
    ...(scheduled ? [fundingSettlement] : []),
    ...(feed === undefined ? [] : [feed]),
    ...(config.simulate ? SIMULATION_JOBS : []),
  ];
}

/** What a start reads from the files its settings name, before it opens anything. */
export interface StartFiles {
  readonly jobs: Job[];
  /** The venue definition to apply, when there is one (`--venue`, or the demo's). */
  readonly venue: { readonly path: string; readonly file: VenueFile } | undefined;
}

/**
 * Reads and checks the venue file and the price file: a missing or malformed one stops the start
 * naming its setting, before the data dir is taken, the store opened or a job started. An engine
 * node checks them when it starts too, not only when it comes to lead.
 */
export function readStartFiles(config: Config): StartFiles {
  const jobs = fromSettingFile('priceFeed', () => jobsOf(config));
  const path = config.venue ?? (config.demo ? DEMO_VENUE_FILE : undefined);
  const venue =
    path === undefined
      ? undefined
      : {
          path,
          file: fromSettingFile('venue', () => {
            const file = readVenueFile(path);
            // what it defines is checked now, though it is applied once the venue is loaded
            toAssetSpecs(file);
            toMarketSpecs(file);
            return file;
          }),
        };
  return { jobs, venue };
}

/** `txc serve`: one venue on one data dir, behind the HTTP API. */
export async function serve(config: Config, extras: ServeExtras = {}): Promise<RunningServer> {
  // Before taking the data dir: a bad key (or a private one), venue file or price file stops the server at once.
  const wallet = Wallet.fromConfig(config);
  const { jobs, venue: definition } = readStartFiles(config);
  // it will hold the admin token, the store and perhaps the master key: its owner's alone when txc makes it
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const lock = extras.lock ?? DataDirLock.forVenue(config, 'server');
  // a lock handed in is its holder's to release, when that process ends
  const release = (): void => {
    if (extras.lock === undefined) lock.release();
  };
  const log = extras.log ?? createLogger(config);
  const metrics = new Metrics();
  if (wallet.demoChains.length > 0) {
    log.warn(
      { chains: wallet.demoChains },
      'DEMO DEPOSIT KEYS IN USE: derived from the public BIP39 test mnemonic "abandon … about"; anyone can spend funds sent to these addresses. Never send real funds to them.',
    );
  }
  let store: Store | undefined;
  let venue: Venue | undefined;
  let app: FastifyInstance | undefined;
  let stopJobs: () => Promise<void> = () => Promise.resolve();
  try {
    store = openStore(config, {
      onConnectionError: (err) => {
        metrics.storeFailed('connection');
        log.warn({ err }, 'a database connection failed; the pool will replace it');
      },
      leaseEpoch: extras.term?.epoch,
    });
    // claimed first: a store another venue holds is refused before any key is generated for it
    await store.claim();
    const masterKey = await masterKeyFor(store, config, { generate: true });
    if (masterKey.exposed) {
      log.warn({ path: masterKey.path }, 'the master key file is readable by other users: chmod 600 it');
    }
    const besideStore = sqliteFileOf(config.database, config.dataDir) !== undefined;
    if (masterKey.source === 'data-dir' && !config.demo && besideStore) {
      log.warn(
        { path: masterKey.path },
        'the master key sealing API key secrets lies in the data dir beside the store: a copy of the whole data dir holds both; configure masterKeyFile (or TXC_MASTER_KEY) to keep it elsewhere',
      );
    }
    // on a terminal, the replay of a long journal shows how far it is; the log's 'state loaded' line sums it up
    const loading = new Progress('txc: replaying the journal', 'commands');
    const opened = store;
    // the venue closes it from here on, whether it opens or not
    store = undefined;
    venue = await Venue.open({
      store: opened,
      clock: extras.clock ?? systemClock(extras.term?.loaded.state.time),
      loaded: extras.term?.loaded,
      log,
      nonceWindowMs: config.auth.nonceWindowMs,
      secrets: SecretBox.fromKey(masterKey.key),
      snapshotEvery: config.snapshots.everyCommands,
      snapshotKeep: config.snapshots.keep,
      userHistoryCatchUpEvery: config.history.catchUpEveryRows,
      observer: metrics,
      onLoadProgress: (done, total) => loading.update(done, total),
      // a store that hangs fails reads in time for their requests to be answered 503
      storeWaitMs: answerWithinMs(config),
    });
    loading.clear();
    await provenWritable(opened, besideStore ? 'sqlite' : 'postgres');
    // from here on, a store that hangs fails a commit in time for its requests to be answered 503;
    // the start-up's own commits (a candle backfill of a whole history) take as long as they take
    opened.limitCommits(commitWithinMs(config));
    await recordMasterKeyId(venue);
    await venue.adoptCurrentRules();
    if (config.unsafeNoFsync) log.warn('--unsafe-no-fsync: commits do not wait for the disk; a crash loses data');
    if (definition !== undefined) {
      const changed = await applyVenueFile(venue, definition.file);
      if (changed > 0) log.info({ venueFile: definition.path, changed }, 'venue definition applied');
    }
    // the data dir remembers where its venue's store is: a later start without --database must not open another
    recordStoreKind(config);
    const marketData = await MarketData.open(venue);
    const candles = new Candles(venue);
    // a demo venue seeded now is saved as it stands: `reset` returns to it
    const freshDemo = config.demo && venue.state.users.size === 0;
    const demo = config.demo ? await seedDemo(venue) : undefined;
    const demoKeys = demo?.keys;
    if (freshDemo) await recordInitialState(venue, statesDirOf(config));
    else if (demo?.reissued === true) await carryDemoKeys(venue, statesDirOf(config), demo.keys);
    const simulator = config.simulate ? simulatorSettingsOf(config) : undefined;
    // before the jobs: the simulator leaves a halted market alone
    const faults = sandboxFaults(venue, config, metrics, log);
    stopJobs = await startJobs(jobs, { venue, config, log, simulator, faults });
    const token = adminToken(config.dataDir, config.adminToken);
    const http = buildApp({
      venue,
      marketData,
      candles,
      config,
      log,
      adminToken: token,
      simulator,
      faults,
      extraPrivateRoutes: extras.extraPrivateRoutes ?? [],
      wallet,
      metrics,
      cluster: extras.term?.place,
      gatewayMark: extras.term?.gatewayMark,
    });
    app = http;
    if (extras.term !== undefined) {
      // its routes loaded first (what listen would do), so that the port is let go for a moment only
      await http.ready();
      await extras.term.releasePort();
    }
    await http.listen({ host: config.host, port: config.port }).catch((e: unknown) => {
      throw new ListenError(config.host, config.port, e);
    });
    const address = http.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const url = baseUrl(config.host, port);
    lock.announce(url);
    const credentialsFile =
      demoKeys === undefined ? undefined : writeDemoCredentials(config.dataDir, url, demoKeys, token);
    log.info(
      { url, credentialsFile, store: venue.store.kind, seq: venue.state.seq },
      credentialsFile === undefined
        ? `txc is serving the API V4 on ${url}`
        : `txc demo venue is open on ${url}; credentials are in ${credentialsFile}`,
    );
    if (venue.state.markets.size === 0) {
      log.warn(
        { url },
        'the venue defines no markets, so there is nothing to trade: start with --demo for the demo venue, or --venue FILE for your own',
      );
    }
    const running = venue;
    metrics.watchVenue(() => running.status);
    const stopWatchingCommits = watchCommitStalls(() => running.status, log);
    const term = extras.term;
    if (term !== undefined) {
      // a leader's state is the journal: what it has made durable, it has applied
      watchCluster(
        metrics,
        () => ({ role: term.place().role, natsConnected: term.natsConnected(), appliedSeq: running.status.seq }),
        () => {
          const place = term.place();
          return Promise.resolve({
            journalSeq: running.status.seq,
            epoch: place.epoch ?? undefined,
            leaderLive: place.leader !== null,
          });
        },
      );
    }
    let closing: Promise<void> | undefined;
    return {
      url,
      app: http,
      venue: running,
      adminToken: token,
      credentialsFile,
      close(): Promise<void> {
        closing ??= (async () => {
          const stopping = term === undefined ? 'txc stopping' : 'closing the venue this node led';
          log.info(stopping);
          // a store that hangs holds the stop until it answers or its client gives up: said, not silent
          const waiting = setInterval(
            () =>
              log.warn(
                running.store.kind === 'postgres'
                  ? { eachQueryGivesUpAfterMs: config.postgres.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS }
                  : {},
                `${stopping}: still waiting for the store to settle the last commits (it may not be answering); everything acknowledged is durable`,
              ),
            STOP_NOTICE_MS,
          );
          try {
            // the port is let go at once, while a job's command may wait on the store: a node that steps
            // down listens on it as a standby meanwhile
            const stopped = await Promise.allSettled([http.close(), stopJobs()]);
            // the venue commits what it applied and lets its store go whatever else failed to stop
            await running.close({ snapshot: true });
            release();
            for (const outcome of stopped) if (outcome.status === 'rejected') throw outcome.reason;
          } finally {
            clearInterval(waiting);
            stopWatchingCommits();
          }
          // an engine node goes on, standing by, after it closes the venue it led: the node says when it stops
          if (term === undefined) log.info('txc stopped');
          else log.info({ epoch: term.epoch }, 'the venue this node led is closed');
        })();
        return closing;
      },
    };
  } catch (e) {
    // a failure after listening must not leave the port taken: a node that steps back to standing by listens on it
    await app?.close().catch(() => undefined);
    await stopJobs().catch(() => undefined);
    await venue?.close().catch(() => undefined);
    await store?.close().catch(() => undefined);
    release();
    throw e;
  }
}
