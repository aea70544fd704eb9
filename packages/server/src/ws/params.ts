import type { MarketSpec, State } from '@txc/core';
import { invalidArgument } from './protocol.js';

/**
 * Positional params of stream methods, checked one by one: each failure is code 1 `invalid
 * argument` naming the parameter (websocket spec §3, §11 gap 8).
 */

/** A market the venue lists, by name. */
export function marketParam(state: State, value: unknown, name = 'market'): MarketSpec {
  if (typeof value !== 'string' || value === '') throw invalidArgument(`${name} must be a market name`);
  const spec = state.markets.get(value);
  if (spec === undefined) throw invalidArgument(`${name} ${value} does not exist`);
  return spec;
}

/** A list of market names (the params themselves, or a nested list); duplicates collapse. */
export function marketList(state: State, values: readonly unknown[], name = 'market'): MarketSpec[] {
  const seen = new Map<string, MarketSpec>();
  for (const value of values) {
    const spec = marketParam(state, value, name);
    seen.set(spec.name, spec);
  }
  return [...seen.values()];
}

/** An integer within bounds (a JSON number; `5.0` is 5). */
export function integerParam(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidArgument(`${name} must be an integer`);
  if (value < min || value > max) throw invalidArgument(`${name} must be between ${min} and ${max}`);
  return value;
}

/** An integer param that may be left out. */
export function optionalInteger(value: unknown, name: string, min: number, max: number, fallback: number): number {
  return value === undefined || value === null ? fallback : integerParam(value, name, min, max);
}

/** One of a fixed set of values. */
export function oneOf<T>(value: unknown, name: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw invalidArgument(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

export function stringParam(value: unknown, name: string): string {
  if (typeof value !== 'string') throw invalidArgument(`${name} must be a string`);
  return value;
}

export function booleanParam(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw invalidArgument(`${name} must be a boolean`);
  return value;
}

/** No more params than a method takes. */
export function atMost(params: readonly unknown[], count: number): void {
  if (params.length <= count) return;
  throw invalidArgument(count === 0 ? 'takes no params' : `at most ${count} param${count === 1 ? '' : 's'}`);
}

/**
 * The unsubscribe of a channel that has no per-market one (websocket spec §11: its sources disagree):
 * it ends the whole subscription, and says so to a client that named markets.
 */
export function wholeUnsubscribe(params: readonly unknown[]): void {
  if (params.length > 0) throw invalidArgument('takes no params: it ends the whole subscription');
}

/** Records a page of an account's orders or deals holds at most (websocket spec §7.4–§7.6). */
const PAGE_MOST = 100;

/** The `offset` and `limit` that follow the first param of a paged request: 0 and 50 when left out. */
export function pageParams(params: readonly unknown[]): { readonly offset: number; readonly limit: number } {
  const offset = integerParam(params[1] ?? 0, 'offset', 0, 10_000);
  const limit = integerParam(params[2] ?? 50, 'limit', 1, PAGE_MOST);
  return { offset, limit };
}
