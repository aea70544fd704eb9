import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Address decoders written from the specifications, sharing no code with the server's encoders,
 * so that a test can re-validate every address the server generates.
 */

const sha256 = (b: Uint8Array): Uint8Array => new Uint8Array(createHash('sha256').update(b).digest());

const BITCOIN_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const XRP_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

function base58(text: string, alphabet: string): Uint8Array {
  let n = 0n;
  for (const c of text) {
    const d = alphabet.indexOf(c);
    if (d < 0) throw new Error(`not base58: ${c}`);
    n = n * 58n + BigInt(d);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n % 256n));
    n /= 256n;
  }
  for (const c of text) {
    if (c !== alphabet[0]) break;
    bytes.unshift(0);
  }
  return new Uint8Array(bytes);
}

/** Base58 with a 4-byte double-SHA256 checksum; returns the payload. */
export function base58checkPayload(text: string, alphabet: 'bitcoin' | 'xrp' = 'bitcoin'): Uint8Array {
  const full = base58(text, alphabet === 'xrp' ? XRP_ALPHABET : BITCOIN_ALPHABET);
  const payload = full.slice(0, -4);
  const check = sha256(sha256(payload)).slice(0, 4);
  if (!check.every((b, i) => b === full[full.length - 4 + i])) throw new Error('bad base58 checksum');
  return payload;
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function polymod(values: number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i] as number;
  }
  return chk >>> 0;
}

/** BIP173 bech32 (constant 1): human-readable part and the 5-bit data words, checksum verified. */
export function bech32Decode(text: string): { hrp: string; words: number[] } {
  const pos = text.lastIndexOf('1');
  const hrp = text.slice(0, pos);
  const data = [...text.slice(pos + 1)].map((c) => CHARSET.indexOf(c));
  if (data.some((d) => d < 0)) throw new Error('not bech32');
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  if (polymod([...expanded, ...data]) !== 1) throw new Error('bad bech32 checksum');
  return { hrp, words: data.slice(0, -6) };
}

export function fromWords(words: number[]): Uint8Array {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const w of words) {
    acc = (acc << 5) | w;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return new Uint8Array(out);
}

/** True when the mixed-case address carries a correct EIP-55 checksum. */
export function eip55Valid(address: string): boolean {
  const hex = address.slice(2);
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(hex.toLowerCase()))).toString('hex');
  return [...hex].every((c, i) => {
    if (/[0-9]/.test(c)) return true;
    const upper = parseInt(hash[i] as string, 16) >= 8;
    return upper ? c === c.toUpperCase() : c === c.toLowerCase();
  });
}
