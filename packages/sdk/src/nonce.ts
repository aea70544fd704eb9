/**
 * Nonces for one API key: millisecond timestamps that never repeat and never go backwards, even
 * when several requests leave within the same millisecond or the clock steps back.
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
