import type { State } from '@txc/core';
import { invalidArgument } from '../protocol.js';

/** Balance channels' params: asset tickers the venue lists (`[]`: every asset); duplicates collapse. */
export function assetList(state: State, params: readonly unknown[]): string[] {
  const out = new Set<string>();
  for (const value of params) {
    if (typeof value !== 'string' || value === '') throw invalidArgument('asset must be a ticker');
    if (!state.assets.has(value)) throw invalidArgument(`asset ${value} does not exist`);
    out.add(value);
  }
  return [...out];
}
