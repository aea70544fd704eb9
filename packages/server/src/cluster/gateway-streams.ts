import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import { rateLimitClient } from '../http/client-address.js';
import { keyCounter, type ConfiguredRateRules } from '../http/configured-rate-rules.js';
import { sendError } from '../http/send-error.js';
import { MarketData } from '../market-data/market-data.js';
import type { SecretBox } from '../secrets/secret-box.js';
import type { PostgresStore } from '../store/postgres.js';
import { WebsocketTokens } from '../venue/keys/websocket-tokens.js';
import { systemClock } from '../venue/sequencer/clock.js';
import { CommittedUnreadError, StoreUnavailableError } from '../venue/sequencer/unavailable.js';
import { streamLogging } from '../ws/stream-logging.js';
import { createStreams } from '../ws/streams.js';
import type { StreamHub, StreamObserver } from '../ws/stream-hub.js';
import { registerWebSocket } from '../ws/ws-route.js';
import { handledWithin, unavailableAfter } from './request-deadline.js';
import { CommandLink } from './command-link.js';
import { followerFailures } from './follower-failures.js';
import type { RemoteAdmission } from './admission.js';
import type { SharedLimits } from './shared-limits.js';
import { throttledAnswer } from '../http/throttled-answer.js';
import { leaderWait, wholeWaitMs } from './leader-request.js';
import { FollowedVenue } from './followed-venue.js';
import type { GatewayKeys } from './gateway-keys.js';
import { JournalFollower, type AppliedResult } from './journal-follower.js';
import type { Allows } from './gateway-allowances.js';
import { sendNotUpgraded } from '../http/not-upgraded.js';
import { WS_ERRORS, WsError } from '../ws/protocol.js';

export interface GatewayStreamsParts {
  readonly app: FastifyInstance;
  readonly config: Config;
  readonly log: Logger;
  readonly store: PostgresStore;
  readonly nats: NatsConnection;
  readonly cluster: string;
  readonly keys: GatewayKeys;
  readonly secrets: SecretBox;
  /** A client IP's count: in Redis across the gateways when it is configured, this gateway's own otherwise. */
  readonly perClient: Allows;
  readonly rules: ConfiguredRateRules;
  /** Told of every socket opened and closed and every frame sent (the gateway's `/metrics`). */
  readonly observer: StreamObserver;
  /** Where a key's order methods are counted: the leader, as the REST requests a gateway serves. */
  readonly admission: RemoteAdmission;
  /** The limits shared with the other gateways in Redis, when it is configured. */
  readonly limits: SharedLimits | undefined;
}

export interface GatewayStreams {
  readonly venue: FollowedVenue;
  close(): Promise<void>;
}

/** A socket's order method no leader admitted: nothing of it reached the engine. */
const NO_LEADER = 'no engine node answered, and nothing was sent to one: send it again once the venue answers';
/**
 * The WebSocket API on a gateway: its own copy of the venue, applied from the committed journal as
 * a standby's is, feeds the same channels as on a single server, so that every gateway serves every
 * stream to its own sockets; the socket's order methods hand their commands to the leader. A gateway
 * that reconnects to the store reads on from the last entry it applied.
 */
export async function openGatewayStreams(parts: GatewayStreamsParts): Promise<GatewayStreams> {
  const { app, config, log, store, nats, cluster, keys } = parts;
  const follower = await JournalFollower.open(store, followerFailures(log));
  follower.keepResults();
  const wait = leaderWait(config);
  // committed, and its result not read in time: said apart, for the client must not send it again
  const resultOf = (seq: number): Promise<AppliedResult> =>
    unavailableAfter(follower.resultOf(seq), wholeWaitMs(wait)).catch((e: unknown) => {
      if (!(e instanceof StoreUnavailableError)) throw e;
      log.warn({ seq }, 'a command the leader committed could not be read from the journal in time: answered 503');
      throw new CommittedUnreadError(seq);
    });
  const link = new CommandLink(nats, cluster, wait, resultOf);
  const tokens = new WebsocketTokens(parts.secrets, keys.registry);
  const venue = new FollowedVenue(follower, link, store, systemClock(), tokens, wholeWaitMs(wait));
  const marketData = await MarketData.open(venue);
  await follower.follow(() => store.session(), config.lease.followPollMs);
  const streams = createStreams({
    venue,
    marketData,
    idleTimeoutMs: config.websocket.idleTimeoutMs,
    maxBufferedBytes: config.websocket.maxBufferedBytes,
    tradesGatherMs: config.websocket.tradesGatherMs,
    limits: config.websocket,
    connectionsPerClient: config.websocket.connectionsPerIp,
    clientOf: rateLimitClient,
    json: config.http.json,
    observer: parts.observer,
    // counted as a REST request served here is: by the gateways together in Redis when it is
    // configured, then by the leader, whose count every gateway and REST share
    keyAllowance: async (apiKey, endpoint) => {
      const { counter, rule } = keyCounter(parts.rules, apiKey, endpoint);
      if (parts.limits !== undefined && !(await parts.limits.allows(counter, rule))) return false;
      const { refused } = await parts.admission.admit({ apiKey, path: endpoint.path });
      // no leader answered in the whole wait: waiting for one again with the command would double it
      if (refused === 'privateUnavailable') throw new WsError(WS_ERRORS.unavailable, NO_LEADER);
      // a key revoked meanwhile: the command itself meets it, and says so
      return refused !== throttledAnswer(endpoint.path);
    },
    ...streamLogging(log, config.websocket.maxBufferedBytes),
    // a socket's order waits for its admission, the command and its result: all end by one moment, as a request's
    handling: (handle) => handledWithin(wait.timeoutMs, handle),
  });
  registerWebSocket(app, {
    hub: streams.hub,
    admit: connectionAdmission(parts, streams.hub),
    notUpgraded: sendNotUpgraded,
  });
  return { venue, close: () => follower.close() };
}

/**
 * A connection attempt counts against its client IP's allowance and the connections-per-minute
 * rule, as on a single server: in Redis across the gateways when it is configured, here otherwise.
 * The sockets a client holds open are capped per gateway: each holds its own.
 */
function connectionAdmission(
  { perClient, rules }: GatewayStreamsParts,
  hub: StreamHub,
): (request: FastifyRequest, reply: FastifyReply) => Promise<boolean> {
  return async (request, reply) => {
    const client = rateLimitClient(request.ip);
    // asked again after the counts: sockets opened meanwhile count too
    if (
      hub.mayOpen(request.ip) &&
      (await perClient(`${client}|ip`, rules.perIp)) &&
      (await perClient(`${client}|ws-connect`, rules.wsConnect)) &&
      hub.mayOpen(request.ip)
    )
      return true;
    void sendError(reply, 'publicRateLimited');
    return false;
  };
}
