import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);
/** Mainnet TRON addresses are 0x41 followed by the 20-byte account id: base58check `T…`. */
const TRON_PREFIX = 0x41;

export function encodeTronAddress(account: Uint8Array): string {
  if (account.length !== 20) throw new RangeError('a TRON account id is 20 bytes');
  const payload = new Uint8Array(21);
  payload[0] = TRON_PREFIX;
  payload.set(account, 1);
  return base58check.encode(payload);
}

/** A mainnet TRON address: base58check of 21 bytes starting with 0x41 (so it reads `T…`). */
export function isTronAddress(address: string): boolean {
  if (address.length !== 34 || !address.startsWith('T')) return false;
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return false;
  }
  return payload.length === 21 && payload[0] === TRON_PREFIX;
}
