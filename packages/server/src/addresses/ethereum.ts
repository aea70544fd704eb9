import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55: each hex letter is upper case when the matching nibble of keccak256(lower-case hex) is ≥ 8. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i] as string;
    out += parseInt(hash[i] as string, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** The EIP-55 address of a 20-byte account id. */
export function encodeEthereumAddress(account: Uint8Array): string {
  if (account.length !== 20) throw new RangeError('an Ethereum account id is 20 bytes');
  return toChecksumAddress(bytesToHex(account));
}

/**
 * A 0x-prefixed 20-byte hex address. All-lower or all-upper case carries no checksum and is
 * accepted as written; mixed case must be the exact EIP-55 form, so a mistyped letter is caught.
 */
export function isEthereumAddress(address: string): boolean {
  if (!HEX_ADDRESS.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(body) === address;
}
