import { createHmac } from 'node:crypto';
import type { Prng } from '../support/prng.js';

/** A user of the crash test with its own key; one worker drives it, so its nonces only increase. */
export interface Actor {
  readonly user: string;
  readonly apiKey: string;
  readonly apiSecret: string;
  nonce: number;
  /** Counts this actor's transfers: each moves a distinct amount, so the journal can tell them apart. */
  transfers: number;
  /** The last signed request the server acknowledged, replayed after each crash (must be refused). */
  lastAcknowledged?: SignedRequest;
  /** Orders the actor believes open (acknowledged resting, not yet cancelled): what its cancels pick from. */
  open: OpenOrder[];
}

export interface OpenOrder {
  readonly orderId: number;
  readonly clientOrderId: string;
}

export interface SignedRequest {
  readonly path: string;
  readonly body: string;
  readonly headers: Record<string, string>;
}

export interface Target {
  readonly url: string;
  readonly adminToken: string;
  /**
   * A gateway in front of the venue: its 503 says the venue behind it did not answer in time (a
   * failover), so what the request did is unknown, as when a server dies before answering.
   */
  readonly relay?: boolean;
}

export interface TrafficContext {
  readonly server: Target;
  readonly rng: Prng;
  readonly actor: Actor;
  /** A name no other request of the run uses. */
  unique(prefix: string): string;
}

export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** The server went away before answering: the outcome of the request is unknown. */
export class NoAnswer extends Error {
  override readonly name = 'NoAnswer';
}

async function call(target: Target, path: string, init: RequestInit): Promise<Answer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${target.url}${path}`, init);
    text = await response.text();
  } catch (e) {
    throw new NoAnswer(String(e));
  }
  if (target.relay === true && response.status === 503) throw new NoAnswer(`503 from the gateway: ${text}`);
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

export function sign(actor: Actor, path: string, fields: Record<string, unknown>): SignedRequest {
  const body = JSON.stringify({ request: path, nonce: ++actor.nonce, ...fields });
  const payload = Buffer.from(body).toString('base64');
  return {
    path,
    body,
    headers: {
      'content-type': 'application/json',
      'x-txc-apikey': actor.apiKey,
      'x-txc-payload': payload,
      'x-txc-signature': createHmac('sha512', actor.apiSecret).update(payload).digest('hex'),
    },
  };
}

export function send(target: Target, request: SignedRequest): Promise<Answer> {
  return call(target, request.path, { method: 'POST', headers: request.headers, body: request.body });
}

/** Crash traffic never meets a server error: a 5xx fails the test rather than passing for a refusal. */
export function no5xx(answer: Answer): Answer {
  if (answer.status >= 500) throw new Error(`unexpected ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer;
}

export function acknowledged(answer: Answer): boolean {
  return answer.status >= 200 && answer.status < 300;
}

/** A signed request from the context's actor; remembered for the nonce-replay check when acknowledged. */
export async function signed(ctx: TrafficContext, path: string, fields: Record<string, unknown>): Promise<Answer> {
  const request = sign(ctx.actor, path, fields);
  const answer = no5xx(await send(ctx.server, request));
  if (acknowledged(answer)) ctx.actor.lastAcknowledged = request;
  return answer;
}

export function admin(target: Target, method: string, path: string, body?: unknown): Promise<Answer> {
  return call(target, path, {
    method,
    headers: {
      authorization: `Bearer ${target.adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
