import {
  KILL_SWITCH_MAX_SECONDS,
  KILL_SWITCH_MIN_SECONDS,
  type KillSwitch,
  type KillSwitchKind,
  type Rejection,
} from '@txc/core';
import type { FieldErrors } from '@txc/sdk';
import { integerValue } from '../http/validation/integer-value.js';
import { FieldValidation } from '../http/validation/field-validation.js';
import { tradingMarket } from '../http/validation/order-fields/market.js';
import type { VenueView } from '../venue/venue-view.js';

const KINDS: readonly string[] = ['spot', 'margin', 'futures'];

export type KillSwitchSet =
  { readonly timer: KillSwitch | null } | { readonly invalid: FieldErrors } | { readonly rejected: Rejection };

/** `timeout`: its key is required; null (or ccxt's text `"null"`) disarms; else whole seconds from 5 to 600. */
function timeoutOf(v: FieldValidation, body: Record<string, unknown>): number | null | undefined {
  if (!('timeout' in body)) {
    v.add('timeout', 'Timeout field is required.');
    return undefined;
  }
  const raw = body.timeout;
  if (raw === null || raw === 'null') return null;
  const n = integerValue(raw);
  if (n === undefined) v.add('timeout', 'Timeout should be an integer.');
  else if (n < KILL_SWITCH_MIN_SECONDS) v.add('timeout', `Timeout should be at least ${KILL_SWITCH_MIN_SECONDS}.`);
  else if (n > KILL_SWITCH_MAX_SECONDS)
    v.add('timeout', `Timeout should not be greater than ${KILL_SWITCH_MAX_SECONDS}.`);
  else return n;
  return undefined;
}

/** `types`: absent or null for every kind, else 1 to 3 of `spot`, `margin`, `futures`. */
function kindsOf(v: FieldValidation, body: Record<string, unknown>): KillSwitchKind[] | null {
  const raw = body.types;
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw)) v.add('types', 'The types must be an array.');
  else if (raw.length < 1 || raw.length > KINDS.length) v.add('types', 'The types must have between 1 and 3 items.');
  else if (raw.some((k) => typeof k !== 'string' || !KINDS.includes(k)))
    v.add('types', 'The selected types is invalid.');
  else return [...new Set(raw as KillSwitchKind[])];
  return null;
}

/**
 * `order/kill-switch`: arms, refreshes or disarms the user's switch on a market (any market open for
 * trading: its `types` say which orders it reaches). One SetKillSwitch command; resolves once durable.
 */
export async function setKillSwitch(
  venue: VenueView,
  user: string,
  body: Record<string, unknown>,
): Promise<KillSwitchSet> {
  const v = new FieldValidation(body);
  const spec = tradingMarket(v, venue.state, { spotOnly: false });
  const timeout = timeoutOf(v, body);
  const kinds = kindsOf(v, body);
  if (v.failed || spec === undefined || timeout === undefined) return { invalid: v.errors };
  const { result } = await venue.submit({ type: 'SetKillSwitch', user, market: spec.name, timeout, kinds });
  return result.ok ? { timer: result.value } : { rejected: result.rejection };
}

/** `order/kill-switch/status`: the user's armed switches, of `market` when given, by market name. */
export function killSwitchStatus(
  venue: VenueView,
  user: string,
  body: Record<string, unknown>,
): { readonly timers: KillSwitch[] } | { readonly invalid: FieldErrors } {
  const v = new FieldValidation(body);
  const spec = tradingMarket(v, venue.state, { required: false, spotOnly: false });
  if (v.failed) return { invalid: v.errors };
  const timers = [...venue.state.killSwitches.values()]
    .filter((k) => k.user === user && (spec === undefined || k.market === spec.name))
    .sort((a, b) => (a.market < b.market ? -1 : a.market > b.market ? 1 : 0));
  return { timers };
}

/** A switch as the endpoints answer it: Unix seconds, `types` null for every kind. */
export function killSwitchBody(k: KillSwitch): Record<string, unknown> {
  return {
    market: k.market,
    startTime: Math.floor(k.start / 1_000_000),
    cancellationTime: Math.floor(k.expiresAt / 1_000_000),
    types: k.kinds,
  };
}
