import type { State } from '@txc/core';
import type { FieldErrors } from '@txc/sdk';
import type { HistoryFilter } from '../../wallet/wallet-history.js';
import { METHOD_DEPOSIT, METHOD_WITHDRAWAL, STATUSES_BY_METHOD } from '../../wallet/wallet-status.js';
import { integerValue } from './integer-value.js';
import { MainValidation } from './main-validation.js';
import { optionalString } from './wallet-fields.js';

const MAX_LIMIT = 500;
const MAX_OFFSET = 10_000;
const MAX_ADDRESSES = 20;

function bounded(
  v: MainValidation,
  body: Readonly<Record<string, unknown>>,
  field: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const raw = body[field];
  if (raw === undefined || raw === null) return fallback;
  const n = integerValue(raw);
  if (n === undefined) v.add(field, `The ${field} must be an integer.`);
  else if (n < min) v.add(field, `The ${field} must be at least ${min}.`);
  else if (n > max) v.add(field, `The ${field} may not be greater than ${max}.`);
  else return n;
  return fallback;
}

/** Reference §7.6 request rules, in its words. */
export function parseHistoryRequest(
  raw: unknown,
  state: State,
  user: string,
): { ok: true; filter: HistoryFilter } | { ok: false; errors: FieldErrors } {
  const body = raw as Record<string, unknown>;
  const v = new MainValidation(body);

  let method: number | undefined;
  if (body.transactionMethod !== undefined && body.transactionMethod !== null) {
    method = integerValue(body.transactionMethod);
    if (method !== METHOD_DEPOSIT && method !== METHOD_WITHDRAWAL) {
      v.add('transactionMethod', 'The selected transaction method is invalid.');
      method = undefined;
    }
  }
  const ticker = optionalString(v, body, 'ticker');
  if (ticker !== undefined && !state.assets.has(ticker)) v.add('ticker', 'The selected ticker is invalid.');
  const address = optionalString(v, body, 'address');
  let addresses: string[] | undefined = address === undefined ? undefined : [address];
  if (body.addresses !== undefined && body.addresses !== null) {
    const list = body.addresses;
    if (!Array.isArray(list) || list.some((a) => typeof a !== 'string'))
      v.add('addresses', 'The addresses must be an array of strings.');
    else if (list.length > MAX_ADDRESSES)
      v.add('addresses', `The addresses may not have more than ${MAX_ADDRESSES} items.`);
    else addresses = [...(addresses ?? []), ...(list as string[])];
  }
  const memo = optionalString(v, body, 'memo');
  const uniqueKey = v.spelling(['uniqueId', 'unique_id']);
  const uniqueId = optionalString(v, body, uniqueKey);

  let statuses: number[] | undefined;
  if (body.status !== undefined && body.status !== null) {
    const list = Array.isArray(body.status) ? body.status.map(integerValue) : [undefined];
    const allowed =
      method === undefined
        ? [...STATUSES_BY_METHOD[METHOD_DEPOSIT]!, ...STATUSES_BY_METHOD[METHOD_WITHDRAWAL]!]
        : [...STATUSES_BY_METHOD[method]!];
    if (list.length === 0 || list.some((s) => s === undefined || !allowed.includes(s)))
      v.add('status', 'The selected status is invalid.');
    else statuses = list as number[];
  }

  const limit = bounded(v, body, 'limit', 1, MAX_LIMIT, 50);
  const offset = bounded(v, body, 'offset', 0, MAX_OFFSET, 0);
  if (v.errors.limit === undefined && v.errors.offset === undefined && offset + limit > MAX_OFFSET) {
    v.add('offset', 'Offset is too big. Please use offset + limit less than 10000.');
  }
  if (v.failed) return { ok: false, errors: v.errors };
  return {
    ok: true,
    filter: {
      user,
      limit,
      offset,
      ...(method === undefined ? {} : { method }),
      ...(ticker === undefined ? {} : { ticker }),
      ...(addresses === undefined ? {} : { addresses }),
      ...(memo === undefined ? {} : { memo }),
      ...(uniqueId === undefined ? {} : { uniqueId }),
      ...(statuses === undefined ? {} : { statuses }),
    },
  };
}
