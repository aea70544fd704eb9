import { bech32 } from '@scure/base';

const MAX_LENGTH = 90;

export function encodeTerraAddress(account: Uint8Array): string {
  return bech32.encode('terra', bech32.toWords(account), MAX_LENGTH);
}

/** A Terra (Classic) account address: bech32 with prefix `terra`, a 20- or 32-byte account id. */
export function isTerraAddress(address: string): boolean {
  if (address !== address.toLowerCase()) return false;
  const decoded = bech32.decodeUnsafe(address, MAX_LENGTH);
  if (decoded === undefined || decoded.prefix !== 'terra') return false;
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  return bytes !== undefined && (bytes.length === 20 || bytes.length === 32);
}
