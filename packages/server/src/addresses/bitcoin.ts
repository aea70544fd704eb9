import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';

export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'witness';

const base58check = createBase58check(sha256);

/** Mainnet version bytes (testnet's 0x6f and 0xc4 are refused). */
const P2PKH = 0x00;
const P2SH = 0x05;
const BECH32_MAX_LENGTH = 90;

function legacy(address: string): BitcoinAddressType | undefined {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return undefined;
  }
  if (payload.length !== 21) return undefined;
  if (payload[0] === P2PKH) return 'p2pkh';
  if (payload[0] === P2SH) return 'p2sh';
  return undefined;
}

/**
 * SegWit per BIP173 and BIP350: human-readable part `bc`, one case throughout, witness version 0
 * with a bech32 checksum and a 20- or 32-byte program, versions 1–16 with a bech32m checksum and a
 * 2- to 40-byte program.
 */
function segwit(address: string): BitcoinAddressType | undefined {
  if (address.length > BECH32_MAX_LENGTH) return undefined;
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return undefined;
  const lower = address.toLowerCase();
  if (!lower.startsWith('bc1')) return undefined;
  const plain = bech32.decodeUnsafe(lower, BECH32_MAX_LENGTH);
  const modern = plain === undefined ? bech32m.decodeUnsafe(lower, BECH32_MAX_LENGTH) : undefined;
  const decoded = plain ?? modern;
  if (decoded === undefined || decoded.prefix !== 'bc' || decoded.words.length === 0) return undefined;
  const version = decoded.words[0] as number;
  if (version > 16) return undefined;
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1));
  if (program === undefined || program.length < 2 || program.length > 40) return undefined;
  if (version === 0) {
    if (plain === undefined) return undefined;
    if (program.length === 20) return 'p2wpkh';
    if (program.length === 32) return 'p2wsh';
    return undefined;
  }
  if (modern === undefined) return undefined;
  return version === 1 && program.length === 32 ? 'p2tr' : 'witness';
}

/**
 * The type of a mainnet Bitcoin address of any standard format (P2PKH, P2SH, SegWit v0, Taproot
 * and later witness versions), or undefined when it is not one: bad checksum, mixed case, wrong
 * length, testnet or another coin.
 */
export function bitcoinAddressType(address: string): BitcoinAddressType | undefined {
  if (address.length === 0 || address.length > BECH32_MAX_LENGTH) return undefined;
  return /^bc1/i.test(address) ? segwit(address) : legacy(address);
}

export function isBitcoinAddress(address: string): boolean {
  return bitcoinAddressType(address) !== undefined;
}
