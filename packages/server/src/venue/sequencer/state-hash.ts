import { createHash } from 'node:crypto';
import { encodeState, type State } from '@txc/core';

/** sha256 of the canonical state text: equal states, equal hashes, on any machine. */
export function stateHash(state: State): string {
  return hashText(encodeState(state));
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
