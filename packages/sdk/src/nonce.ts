/**
 * Nonces for one client: millisecond timestamps that never repeat and never go backwards, even
 * when several requests leave within the same millisecond or the clock steps back. Another source
 * on the same key (another client, another process) counts on its own and may send the same ones.
 */
export interface NonceSource {
  next(): number;
}

export function timestampNonces(clock: () => number = Date.now): NonceSource {
  let last = 0;
  return {
    next(): number {
      last = Math.max(clock(), last + 1);
      return last;
    },
  };
}
