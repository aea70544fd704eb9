import { errors, type MsgHdrs, type Msg, type NatsConnection, type RequestError } from '@nats-io/transport-node';
import { setTimeout as sleep } from 'node:timers/promises';
import { answerWithinMs } from '../config/answer-within.js';
import type { Config } from '../config/schema.js';
import { settledWithin } from '../timing/settled-within.js';
import type { BeforeRetry } from './batched-asks.js';
import { waitEndsAt } from './request-deadline.js';

/** How often a gateway asks again while no node leads (a failover under way). */
const NO_LEADER_RETRY_MS = 100;
/** The least time a request to the leader is given, however late in the wait it is sent. */
const MIN_REQUEST_MS = 100;

/** How long a gateway waits for the leader. */
export interface LeaderWait {
  /** For one answer, once a node received the request. */
  readonly timeoutMs: number;
  /** For a node to lead at all: about as long as a failover takes. */
  readonly failoverMs: number;
  /** Told each time the leader answered: it is reachable, whatever a ping says (leader-reach.ts). */
  readonly onAnswer?: () => void;
}

/** A gateway's waits: an answer within the client's own request deadline, a leader within three leases. */
export function leaderWait(config: Config): LeaderWait {
  return { timeoutMs: answerWithinMs(config), failoverMs: 3 * config.lease.ttlMs };
}

/** The whole time a request waits, sending again included: it fits in the request's own deadline. */
export const wholeWaitMs = (wait: LeaderWait): number => Math.min(wait.failoverMs, wait.timeoutMs);

/** How one request is sent: its headers, and for a batch (batched-asks.ts) its order and end. */
export interface AskOptions {
  readonly headers?: MsgHdrs;
  /** Awaited before each new try of a request no node received (batched-asks.ts keeps their order). */
  readonly beforeRetry?: BeforeRetry;
  /** When to give up (performance.now()): by default, the whole wait from now or the request's end. */
  readonly giveUpAt?: number;
}

/**
 * Asks whichever node leads. A request no node received (no responder: between a leader's end and
 * the next one's start) is sent again until a failover should be over, which is safe because nothing
 * saw it; one that was sent and not answered in time may have been acted on, so it is never sent
 * twice: undefined, and the caller answers its client that the venue is unavailable.
 */
export async function askLeader(
  nats: NatsConnection,
  subject: string,
  data: Uint8Array | string,
  wait: LeaderWait,
  { headers, beforeRetry, giveUpAt = waitEndsAt(wholeWaitMs(wait)) }: AskOptions = {},
): Promise<Msg | undefined> {
  for (;;) {
    try {
      const timeout = Math.max(MIN_REQUEST_MS, giveUpAt - performance.now());
      const answer = await nats.request(subject, data, { timeout, ...(headers === undefined ? {} : { headers }) });
      wait.onAnswer?.();
      return answer;
    } catch (error) {
      if (!noResponders(error) || performance.now() > giveUpAt) return undefined;
      // the batches sent before may take longer than this one may wait: it is not sent after its end
      const waited =
        beforeRetry === undefined
          ? true
          : await settledWithin(
              beforeRetry().then(() => true),
              giveUpAt - performance.now(),
              () => false,
            );
      if (!waited) return undefined;
      await sleep(NO_LEADER_RETRY_MS);
      if (performance.now() > giveUpAt) return undefined;
    }
  }
}

/** NATS knew no subscriber for the subject: the request reached no one (unlike one that timed out). */
export function noResponders(error: unknown): boolean {
  return error instanceof errors.NoRespondersError || (error as Partial<RequestError>).isNoResponders?.() === true;
}
