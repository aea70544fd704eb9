import { sha256 } from '@noble/hashes/sha2.js';
import { base58xrp } from '@scure/base';

/** Classic addresses: type byte 0x00 and a 20-byte account id, with a 4-byte double-SHA256 checksum. */
const ACCOUNT_ID_TYPE = 0x00;

function checksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).slice(0, 4);
}

export function encodeXrpAddress(account: Uint8Array): string {
  if (account.length !== 20) throw new RangeError('an XRP account id is 20 bytes');
  const payload = new Uint8Array(21);
  payload[0] = ACCOUNT_ID_TYPE;
  payload.set(account, 1);
  const full = new Uint8Array(25);
  full.set(payload);
  full.set(checksum(payload), 21);
  return base58xrp.encode(full);
}

/** An XRP Ledger classic address (`r…`, the ledger's own base58 alphabet, checksum verified). */
export function isXrpAddress(address: string): boolean {
  if (address.length < 25 || address.length > 35 || !address.startsWith('r')) return false;
  let full: Uint8Array;
  try {
    full = base58xrp.decode(address);
  } catch {
    return false;
  }
  if (full.length !== 25 || full[0] !== ACCOUNT_ID_TYPE) return false;
  const expected = checksum(full.slice(0, 21));
  return expected.every((b, i) => b === full[21 + i]);
}

/** A destination tag: the unsigned 32-bit integer XRP uses as a memo, written in decimal. */
export function isXrpDestinationTag(memo: string): boolean {
  return /^(0|[1-9][0-9]{0,9})$/.test(memo) && Number(memo) <= 0xffff_ffff;
}
