import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { checkServerIdentity, type ConnectionOptions } from 'node:tls';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  connect,
  credsAuthenticator,
  errors,
  type NatsConnection,
  type NodeConnectionOptions,
} from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { ConfigError } from '../config/load.js';
import type { Config } from '../config/schema.js';
import { StandingNotice } from '../timing/standing-notice.js';

/** The settings that say where a cluster's NATS is and how to prove who this process is to it. */
export type ClusterSettings = Pick<
  Config,
  'cluster' | 'clusterCredsFile' | 'clusterCaFile' | 'clusterCertFile' | 'clusterKeyFile'
>;

/** How to reach the cluster's NATS: the client's options, and the URL as logs and errors may show it. */
export interface ClusterTarget {
  /** The credentials, TLS and server address; not yet the connection's own settings (connectCluster). */
  readonly options: Pick<NodeConnectionOptions, 'servers' | 'user' | 'pass' | 'token' | 'authenticator'> & {
    // what the client does not name is handed on to Node's TLS connect as it is
    tls?: NonNullable<NodeConnectionOptions['tls']> & Pick<ConnectionOptions, 'checkServerIdentity'>;
  };
  /** The URL without its password or token. */
  readonly shown: string;
}

const REDACTED = '***';

/** `url` with its password (`user:***@`) or token (`***@`) replaced: what a log line may say. */
export function redactedUrl(url: string): string {
  // up to the last @: a password that should have been percent-encoded is hidden whole all the same
  return url.replace(/^([a-z]+:\/\/)(.*)@/is, (_all, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    return `${scheme}${colon === -1 ? REDACTED : `${userinfo.slice(0, colon)}:${REDACTED}`}@`;
  });
}

/**
 * The client's options for `settings`, as a NATS client written in Go would take them: the URL's
 * `user:password@` as user and password, a lone `token@` as a token (the client itself ignores what a
 * URL carries before its host), `tls://` to require TLS, a `.creds` file (JWT and NKEY seed) to sign the
 * server's nonce with, and TLS files (a CA to trust, a certificate and key to present). Reads no file:
 * the credentials file is read at each connection, so a rotated one is taken at the next.
 */
export function natsOptions(settings: ClusterSettings): ClusterTarget {
  const { cluster, clusterCredsFile, clusterCaFile, clusterCertFile, clusterKeyFile } = settings;
  if (cluster === undefined) throw new ConfigError('no cluster: give --cluster nats://…');
  let url: URL;
  try {
    url = new URL(cluster);
  } catch {
    throw new ConfigError('invalid configuration: /cluster is not a URL (nats://[user:password@]host[:port])');
  }
  const shown = redactedUrl(cluster);
  if (url.hostname === '') throw new ConfigError(`invalid configuration: /cluster names no host: ${shown}`);
  let user: string;
  let pass: string;
  try {
    user = decodeURIComponent(url.username);
    pass = decodeURIComponent(url.password);
  } catch {
    throw new ConfigError(`invalid configuration: /cluster has a malformed %-escape in its credentials: ${shown}`);
  }
  const options: { -readonly [K in keyof ClusterTarget['options']]: ClusterTarget['options'][K] } = {
    servers: url.host,
  };
  if (user !== '' || pass !== '') {
    if (clusterCredsFile !== undefined) {
      throw new ConfigError(
        `invalid configuration: /cluster carries credentials (${shown}) and /clusterCredsFile names more: give one`,
      );
    }
    if (url.password === '') options.token = user;
    else Object.assign(options, { user, pass });
  }
  if (clusterCredsFile !== undefined) {
    let read: Uint8Array | undefined;
    options.authenticator = credsAuthenticator(() => {
      try {
        read = readFileSync(clusterCredsFile);
      } catch (e) {
        // a file being replaced: the credentials read before serve this connection
        if (read === undefined) throw e;
      }
      return read;
    });
  }
  if ((clusterCertFile === undefined) !== (clusterKeyFile === undefined)) {
    throw new ConfigError(
      'invalid configuration: /clusterCertFile and /clusterKeyFile go together (the certificate and its key)',
    );
  }
  if (url.protocol === 'tls:' || clusterCaFile !== undefined || clusterCertFile !== undefined) {
    // an object, even empty, makes the client refuse a server that does not speak TLS
    options.tls = {
      ...(clusterCaFile === undefined ? {} : { caFile: clusterCaFile }),
      ...(clusterCertFile === undefined ? {} : { certFile: clusterCertFile, keyFile: clusterKeyFile }),
      ...identityCheck(url.hostname),
    };
  }
  return { options, shown };
}

/**
 * Given an IP address, the client checks the server's certificate against the name `localhost` (it
 * sends no server name for an address): the certificate is checked against the address instead, as
 * for a host name. Handed on to Node's TLS connect with the other TLS options.
 */
function identityCheck(hostname: string): { checkServerIdentity?: typeof checkServerIdentity } {
  const address = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(address) === 0) return {};
  return { checkServerIdentity: (_name, cert) => checkServerIdentity(address, cert) };
}

/** The target of `natsOptions`, once every file it names has been read: a missing one stops the start. */
export function clusterTarget(settings: ClusterSettings): ClusterTarget {
  const target = natsOptions(settings);
  const files = {
    clusterCredsFile: settings.clusterCredsFile,
    clusterCaFile: settings.clusterCaFile,
    clusterCertFile: settings.clusterCertFile,
    clusterKeyFile: settings.clusterKeyFile,
  };
  for (const [setting, file] of Object.entries(files)) {
    if (file === undefined) continue;
    try {
      readFileSync(file);
    } catch (e) {
      throw new ConfigError(`cannot read ${setting} ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
  }
  const { authenticator } = target.options;
  if (authenticator !== undefined && !Array.isArray(authenticator)) {
    try {
      // signs a nonce as it will for the server: a file that holds no JWT or no valid seed fails here
      authenticator('txc-start-up');
    } catch (e) {
      throw new ConfigError(
        `clusterCredsFile ${settings.clusterCredsFile}: not a NATS credentials file (${(e as Error).message})`,
      );
    }
  }
  return target;
}

/** The connection of a node or gateway to its cluster's NATS, and whether it is up at this moment. */
export interface ClusterConnection {
  readonly nats: NatsConnection;
  /** False from the moment the connection drops until it is back (and once it is closed). */
  up(): boolean;
  /** Milliseconds since the connection dropped, 0 while it is up. */
  lostFor(): number;
  /** Calls `act` each time the connection is back after it was lost. */
  onReconnect(act: () => void): void;
}

/** How long a start waits between two tries to reach NATS, and between two of its log lines saying so. */
const FIRST_CONNECT_RETRY_MS = 250;
/**
 * A server that stopped answering without closing the connection (a partition, a machine lost) is
 * noticed after two unanswered pings: within about 15 s rather than the client's default 4 minutes.
 */
const PING_INTERVAL_MS = 5_000;
const PINGS_UNANSWERED = 2;

/**
 * Connects a node or gateway to its cluster's NATS server. Until the first connection it tries again
 * and again, saying in the log (at first, then every 30 s) where it is waiting and why; credentials the
 * server refuses stop the start instead. Once connected it reconnects for as long as the process
 * runs, and its subscriptions come back with it: a NATS restart is a pause, not an end.
 */
export async function connectCluster(target: ClusterTarget, name: string, log: Logger): Promise<ClusterConnection> {
  let waitingSince: number | undefined;
  const waiting = new StandingNotice();
  for (;;) {
    try {
      const nats = await connect({
        ...target.options,
        name,
        maxReconnectAttempts: -1,
        // credentials refused on reconnecting (an expired JWT, accounts being changed) are retried
        // too, with the files read again, rather than closing the connection for good
        ignoreAuthErrorAbort: true,
        reconnectTimeWait: FIRST_CONNECT_RETRY_MS,
        pingInterval: PING_INTERVAL_MS,
        maxPingOut: PINGS_UNANSWERED,
        // a refused first connection comes back here, with its reason, rather than being retried unseen
        waitOnFirstConnect: false,
        // an error object (and its stack) made up front for every request, in case it times out, is a
        // measurable share of a gateway's CPU per order; a failed request to the leader is handled where
        // it is made, without the trace
        noAsyncTraces: true,
      });
      if (waitingSince !== undefined) log.info(`connected to NATS at ${target.shown}`);
      return watchStatus(nats, target.shown, log);
    } catch (e) {
      if (e instanceof errors.AuthorizationError || e instanceof errors.UserAuthenticationExpiredError) {
        throw new ConfigError(
          `NATS at ${target.shown} refused the credentials (${e.message}): check the URL's user and password or token, or the credentials file`,
        );
      }
      waitingSince ??= performance.now();
      if (waiting.due()) {
        const waited = Math.round((performance.now() - waitingSince) / 1000);
        log.warn(`waiting for NATS at ${target.shown}${waited > 0 ? ` (${waited} s)` : ''}: ${reasonOf(e)}`);
      }
      await sleep(FIRST_CONNECT_RETRY_MS);
    }
  }
}

/** An error of the client as one line: its message, and its cause's when that says more. */
function reasonOf(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? e.cause.message : undefined;
  return cause === undefined || cause === e.message ? e.message : `${e.message} (${cause})`;
}

/** Follows the connection's status: logs its drops and returns, and answers whether it is up. */
function watchStatus(nats: NatsConnection, shown: string, log: Logger): ClusterConnection {
  let lostAt: number | undefined;
  const reconnected: (() => void)[] = [];
  void (async () => {
    for await (const status of nats.status()) {
      if (status.type === 'disconnect') {
        lostAt ??= performance.now();
        log.warn(`lost NATS at ${shown}: reconnecting`);
      } else if (status.type === 'reconnect') {
        lostAt = undefined;
        log.info(`NATS at ${shown} is back`);
        for (const act of reconnected) act();
      } else if (status.type === 'error') {
        // a subject this process's NATS user may not use (its permissions) would otherwise go unseen
        log.warn(`NATS at ${shown}: ${status.error.message}`);
      }
    }
  })();
  void nats.closed().then((error) => {
    lostAt ??= performance.now();
    // closed on purpose (a stop) says nothing; by the client, it gave up (credentials refused on reconnecting)
    if (error !== undefined) log.error(`the connection to NATS at ${shown} is closed: ${reasonOf(error)}`);
  });
  return {
    nats,
    up: () => lostAt === undefined && !nats.isClosed(),
    lostFor: () => (lostAt === undefined ? 0 : performance.now() - lostAt),
    onReconnect: (act) => void reconnected.push(act),
  };
}
