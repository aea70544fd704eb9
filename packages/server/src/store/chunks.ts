/** Rows per INSERT statement: well under every dialect's bound-parameter limit. */
const CHUNK = 500;

/** `items` in slices of at most CHUNK, for one multi-row INSERT each. */
export function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}
