import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { ErrorName } from '@txc/sdk';
import type { Logger } from 'pino';
import type { ConfiguredRateRules } from '../http/configured-rate-rules.js';
import { admitKeyRequest } from '../http/key-admission.js';
import { PRIVATE_ENDPOINTS } from '../venue/keys/endpoint-access.js';
import type { RateLimiter } from '../http/rate-limiter.js';
import type { Venue } from '../venue/venue.js';
import { BatchedAsks } from './batched-asks.js';
import { askLeader, wholeWaitMs, type LeaderWait } from './leader-request.js';

/** Where a gateway asks the leader to admit a signed request it serves itself. */
export const admissionSubject = (cluster: string): string => `txc.${cluster}.admit`;

/**
 * A signed request whose key, signature and payload the gateway checked: what only the leader can
 * decide. Without a nonce, a socket's order method (which has none), counted against its key's
 * allowance of the endpoint it stands for and nothing else.
 */
export interface AdmissionRequest {
  readonly apiKey: string;
  /** The endpoint's path: its rate-limit group. */
  readonly path: string;
  readonly nonce?: number;
  readonly nonceWindow?: boolean;
  /** When the gateway received the request (ms): its nonce window is judged then. */
  readonly receivedAt?: number;
}

/**
 * The leader's verdict (`refused`: the refusal the venue answers; none admits), and the seq of its
 * last commit: the gateway serves the request once its copy has applied that much, so the request
 * sees everything acknowledged before it, through whichever gateway.
 */
export interface AdmissionAnswer {
  readonly refused?: ErrorName;
  readonly seq: number;
}

/** The leader's answer to a batch of admissions (batched-asks.ts): a verdict each, in order, and its last commit. */
interface BatchAnswer {
  readonly refused: readonly (ErrorName | null)[];
  readonly seq: number;
}

/**
 * The leader's side: counts the request against its key's allowance and checks and records its
 * nonce, as its own private routes do, in the one place every gateway shares. The nonce rule and
 * every key's limit are therefore exactly those of one process.
 */
export function answerAdmissions(
  nats: NatsConnection,
  cluster: string,
  venue: Venue,
  limiter: RateLimiter,
  rules: ConfiguredRateRules,
  log: Logger,
): Subscription {
  const admit = ({ apiKey, path, nonce, nonceWindow, receivedAt }: AdmissionRequest): ErrorName | undefined => {
    if (!venue.writable) return 'privateUnavailable';
    const endpoint = PRIVATE_ENDPOINTS.get(path);
    const entry = venue.keys.get(apiKey);
    if (endpoint === undefined || entry === undefined || entry.record.revokedAt !== null) return 'unauthorized';
    const signed =
      nonce === undefined ? undefined : { nonce, nonceWindow: nonceWindow ?? false, receivedAtMs: receivedAt };
    return admitKeyRequest(venue, limiter, rules, entry, endpoint, signed);
  };
  return nats.subscribe(admissionSubject(cluster), {
    callback: (error, msg) => {
      if (error !== null) return log.warn({ err: error }, 'gateway admissions');
      // what escapes a NATS callback stops the connection's reading, and with it every gateway's requests
      try {
        const asked = msg.json<AdmissionRequest | AdmissionRequest[]>();
        if (Array.isArray(asked)) {
          const refused = asked.map((request) => admit(request) ?? null);
          const answer: BatchAnswer = { refused, seq: venue.status.seq };
          msg.respond(JSON.stringify(answer));
        } else {
          // a gateway of the version before asks one question a message
          const refused = admit(asked);
          const answer: AdmissionAnswer = { seq: venue.status.seq, ...(refused === undefined ? {} : { refused }) };
          msg.respond(JSON.stringify(answer));
        }
      } catch (e) {
        log.error({ err: e }, 'a gateway’s admission question could not be read');
      }
    },
  });
}

/**
 * The gateway's side: the leader's answer, or unavailable when no leader answered (leader-request.ts).
 * The admissions of one turn go to the leader together.
 */
export class RemoteAdmission {
  private readonly asks: BatchedAsks<AdmissionRequest, AdmissionAnswer>;

  constructor(nats: NatsConnection, cluster: string, wait: LeaderWait) {
    this.asks = new BatchedAsks<AdmissionRequest, AdmissionAnswer>(async (requests, sending) => {
      const reply = await askLeader(nats, admissionSubject(cluster), JSON.stringify(requests), wait, sending);
      if (reply === undefined) return undefined;
      const { refused, seq } = reply.json<BatchAnswer>();
      return refused.map((verdict) => (verdict === null ? { seq } : { refused: verdict, seq }));
    }, wholeWaitMs(wait));
  }

  async admit(request: AdmissionRequest): Promise<AdmissionAnswer | { readonly refused: 'privateUnavailable' }> {
    return (await this.asks.ask(request)) ?? { refused: 'privateUnavailable' };
  }
}
