import { RATE_LIMITS } from '@txc/sdk';
import { formatUnits, parseUnits } from '@txc/core';
import { AdminError, record, requiredString } from '../admin/admin-input.js';

/** Every route group a rule can name: the rate-limit groups of the API's endpoints, or `all` of them. */
export const FAULT_ROUTE_GROUPS: readonly string[] = ['all', ...Object.values(RATE_LIMITS).map((rule) => rule.group)];

/** Shares are exact to millionths: `0.3` is drawn as 300 000 of 1 000 000. */
const SHARE_PLACES = 6;
export const SHARE_SCALE = 1_000_000;

/** A day: no rule lasts longer, and no delay is longer than a minute. */
const MAX_SECONDS = 86_400;
const MAX_LATENCY_MS = 60_000;

/** Requests of a route group wait `ms` (or a uniform draw up to `ms` when `random`) before they are handled. */
export interface LatencyFault {
  readonly type: 'latency';
  readonly routes: readonly string[];
  readonly ms: number;
  readonly random: boolean;
}

/** A share of a route group's requests is answered 503 or 429 in the API's own bodies, and does nothing. */
export interface ErrorFault {
  readonly type: 'error';
  readonly routes: readonly string[];
  readonly status: 503 | 429;
  /** The share of the requests refused, as the client sent it in canonical form (`0.3`, `1`). */
  readonly share: string;
}

/** Every WebSocket connection is closed `afterSeconds` after it opened (or after the rule, if older). */
export interface CloseSocketsFault {
  readonly type: 'closeSockets';
  readonly afterSeconds: number;
}

/** A channel's updates stop while the rule holds; when it ends, its followers get a fresh snapshot. */
export interface PauseStreamFault {
  readonly type: 'pauseStream';
  readonly channel: string;
}

/** Orders on a market are refused as on a halted market, without touching the venue's state. */
export interface HaltMarketFault {
  readonly type: 'haltMarket';
  readonly market: string;
}

export type FaultSpec = LatencyFault | ErrorFault | CloseSocketsFault | PauseStreamFault | HaltMarketFault;

export type FaultType = FaultSpec['type'];

/** A rule in force: what it does, when it was set and when it ends by itself (null: when cleared). */
export type FaultRule = FaultSpec & {
  readonly id: number;
  readonly createdAt: number;
  readonly expiresAt: number | null;
};

/** What a rule is checked against: the venue's markets, the WebSocket API's channels, how long a request may wait. */
export interface FaultTargets {
  readonly markets: ReadonlySet<string>;
  readonly channels: ReadonlySet<string>;
  /**
   * The longest latency a request can be given and still be answered: its connection is closed
   * unanswered once the server's request timeout has passed (`answerWithinMs`).
   */
  readonly maxLatencyMs: number;
}

function integer(body: Record<string, unknown>, field: string, min: number, max: number): number {
  const value = body[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new AdminError('adminBadRequest', `${field} must be an integer from ${min} to ${max}.`);
  }
  return value;
}

function optionalInteger(body: Record<string, unknown>, field: string, min: number, max: number): number | null {
  return body[field] === undefined ? null : integer(body, field, min, max);
}

function routeGroups(body: Record<string, unknown>): string[] {
  const raw = body.routes ?? 'all';
  const list = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(list) || list.length === 0 || list.some((g) => !FAULT_ROUTE_GROUPS.includes(g as string))) {
    throw new AdminError('adminBadRequest', `routes must be one or a list of: ${FAULT_ROUTE_GROUPS.join(', ')}.`);
  }
  return [...new Set(list as string[])];
}

function share(body: Record<string, unknown>): string {
  const raw = body.share;
  const parsed = typeof raw === 'string' || typeof raw === 'number' ? parseUnits(String(raw), SHARE_PLACES) : undefined;
  if (parsed === undefined || parsed <= 0n || parsed > BigInt(SHARE_SCALE)) {
    throw new AdminError('adminBadRequest', 'share must be a decimal above 0 and at most 1, with at most 6 places.');
  }
  return formatUnits(parsed, SHARE_PLACES);
}

/** The millionths of SHARE_SCALE a draw must not exceed for a request to be refused under `share`. */
export function shareMillionths(share: string): number {
  return Number(parseUnits(share, SHARE_PLACES) ?? 0n);
}

function spec(body: Record<string, unknown>, targets: FaultTargets): FaultSpec {
  const type = requiredString(body, 'type');
  switch (type) {
    case 'latency': {
      const random = body.random ?? false;
      if (typeof random !== 'boolean') throw new AdminError('adminBadRequest', 'random must be true or false.');
      const most = Math.min(MAX_LATENCY_MS, targets.maxLatencyMs);
      return { type, routes: routeGroups(body), ms: integer(body, 'ms', 1, most), random };
    }
    case 'error': {
      const status = body.status ?? 503;
      if (status !== 503 && status !== 429) throw new AdminError('adminBadRequest', 'status must be 503 or 429.');
      return { type, routes: routeGroups(body), status, share: share(body) };
    }
    case 'closeSockets':
      return { type, afterSeconds: integer(body, 'afterSeconds', 0, MAX_SECONDS) };
    case 'pauseStream': {
      const channel = requiredString(body, 'channel');
      if (!targets.channels.has(channel)) throw new AdminError('adminBadRequest', `Unknown channel ${channel}.`);
      return { type, channel };
    }
    case 'haltMarket': {
      const market = requiredString(body, 'market');
      if (!targets.markets.has(market)) throw new AdminError('adminBadRequest', `Unknown market ${market}.`);
      return { type, market };
    }
    default:
      throw new AdminError('adminBadRequest', `Unknown fault type ${type}.`);
  }
}

/** The fields each type takes, besides `type` and `seconds` (a Map: a type named `constructor` is no type). */
const FIELDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['latency', ['routes', 'ms', 'random']],
  ['error', ['routes', 'status', 'share']],
  ['closeSockets', ['afterSeconds']],
  ['pauseStream', ['channel']],
  ['haltMarket', ['market']],
]);

/**
 * `POST /admin/v1/faults`'s body as a rule: `{type, seconds?, …}` with the type's own fields, each
 * checked. `seconds` is how long the rule lasts (a paused stream must say it); without it, until cleared.
 */
export function parseFaultRule(input: unknown, targets: FaultTargets, id: number, now: number): FaultRule {
  const type = record(input, Object.keys(input ?? {})).type;
  const fields = typeof type === 'string' ? FIELDS.get(type) : undefined;
  if (fields === undefined) {
    throw new AdminError('adminBadRequest', `type must be one of ${[...FIELDS.keys()].join(', ')}.`);
  }
  const body = record(input, ['type', 'seconds', ...fields]);
  const parsed = spec(body, targets);
  const seconds =
    parsed.type === 'pauseStream'
      ? integer(body, 'seconds', 1, MAX_SECONDS)
      : optionalInteger(body, 'seconds', 1, MAX_SECONDS);
  return { ...parsed, id, createdAt: now, expiresAt: seconds === null ? null : now + seconds * 1000 };
}
