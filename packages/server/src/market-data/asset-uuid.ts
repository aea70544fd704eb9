import { createHash } from 'node:crypto';

/** The namespace of the venue's asset ids (a UUID of its own, fixed forever). */
const NAMESPACE = Buffer.from('6b1e0f2a5d3c4e8f9a7b2c1d0e3f4a5b', 'hex');

/**
 * An asset's id as the API V2 shows it: a name-based UUID (version 5) of its ticker, so that it is
 * the same on every venue and across restarts without being stored.
 */
export function assetUuid(ticker: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(ticker, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
