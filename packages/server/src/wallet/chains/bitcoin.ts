import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32, createBase58check } from '@scure/base';
import { isBitcoinAddress } from '../../addresses/bitcoin.js';
import type { ChainFamily } from './chain-family.js';
import { hash160 } from './key-hashes.js';

const base58check = createBase58check(sha256);
const P2SH_VERSION = 0x05;

/** BIP84 native SegWit (P2WPKH, `bc1q…`). */
export function p2wpkhAddress(publicKey: Uint8Array): string {
  return bech32.encode('bc', [0, ...bech32.toWords(hash160(publicKey))]);
}

/** BIP49 P2WPKH nested in P2SH (`3…`): the redeem script is OP_0 <20-byte key hash>. */
export function p2shP2wpkhAddress(publicKey: Uint8Array): string {
  const redeem = new Uint8Array([0x00, 0x14, ...hash160(publicKey)]);
  return base58check.encode(new Uint8Array([P2SH_VERSION, ...hash160(redeem)]));
}

export const bitcoinFamily: ChainFamily = {
  name: 'bitcoin',
  addressTypes: ['bech32', 'p2sh-segwit'],
  sharedAddress: false,
  isAddress: isBitcoinAddress,
  // SegWit addresses are written in lower case (BIP173); Base58 ones are case-sensitive
  canonicalAddress: (address) => (/^bc1/i.test(address) ? address.toLowerCase() : address),
  isMemo: () => false,
  counter: (type) => `bitcoin:${type}`,
  derive(keys, type, index) {
    if (type === 'p2sh-segwit') {
      const key = keys.p2shSegwitXpub;
      return key === undefined ? undefined : { address: p2shP2wpkhAddress(key.publicKey(index)), memo: null };
    }
    return keys.xpub === undefined ? undefined : { address: p2wpkhAddress(keys.xpub.publicKey(index)), memo: null };
  },
  transactionHash: (bytes) => bytesToHex(bytes),
};
