import { bytesToHex } from '@noble/hashes/utils.js';
import { encodeTronAddress, isTronAddress } from '../../addresses/tron.js';
import type { ChainFamily } from './chain-family.js';
import { keccakAccountId } from './key-hashes.js';

/** TRON and its TRC20 tokens: BIP44 coin 195 keys, Ethereum-style account ids in base58check `T…`. */
export const tronFamily: ChainFamily = {
  name: 'tron',
  addressTypes: ['default'],
  sharedAddress: false,
  isAddress: isTronAddress,
  // Base58: letter case is part of the address
  canonicalAddress: (address) => address,
  isMemo: () => false,
  counter: () => 'tron',
  derive: (keys, _type, index) =>
    keys.xpub === undefined
      ? undefined
      : { address: encodeTronAddress(keccakAccountId(keys.xpub.publicKey(index))), memo: null },
  transactionHash: (bytes) => bytesToHex(bytes),
};
