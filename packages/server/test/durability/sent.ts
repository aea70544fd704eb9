import { acknowledged, NoAnswer, type Answer, type Target, type TrafficContext } from './traffic.js';
import type { World } from './world.js';

/** How one request's own effect is checked against the store after a crash. */
export type Verify = (world: World, server: Target) => Promise<void> | void;

/** What became of one request, and how to check it against the store after the crash. */
export interface Sent {
  readonly kind: string;
  /** acknowledged: a 2xx reached the client; refused: a 4xx did; unknown: no answer came. */
  readonly outcome: 'acknowledged' | 'refused' | 'unknown';
  /** Acknowledged: the effect is there exactly once. Refused: it is absent. Unknown: whole or absent. */
  readonly verify?: Verify;
}

/**
 * One kind of request of the crash test's traffic. `signed` kinds run on the actors' own workers
 * (one key each, so nonces increase); the others are admin operations on workers of their own.
 */
export interface RequestKind {
  readonly name: string;
  readonly weight: number;
  readonly signed: boolean;
  send(ctx: TrafficContext): Promise<Sent>;
}

/** The check of each outcome of one request. */
export interface Judgement {
  acknowledged(answer: Answer): Verify;
  refused(answer: Answer): Verify;
  unknown: Verify;
}

/** Sends a request and keeps the check that fits what came back (or did not). */
export async function judged(kind: string, call: () => Promise<Answer>, judgement: Judgement): Promise<Sent> {
  let answer: Answer;
  try {
    answer = await call();
  } catch (e) {
    if (e instanceof NoAnswer) return { kind, outcome: 'unknown', verify: judgement.unknown };
    throw e;
  }
  return acknowledged(answer)
    ? { kind, outcome: 'acknowledged', verify: judgement.acknowledged(answer) }
    : { kind, outcome: 'refused', verify: judgement.refused(answer) };
}
