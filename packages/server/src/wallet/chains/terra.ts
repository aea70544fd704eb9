import { bytesToHex } from '@noble/hashes/utils.js';
import { encodeTerraAddress, isTerraAddress } from '../../addresses/terra.js';
import type { ChainFamily } from './chain-family.js';
import { hash160 } from './key-hashes.js';

/** Terra Classic: BIP44 coin 330 keys, Cosmos-style bech32 `terra1…` account addresses. */
export const terraFamily: ChainFamily = {
  name: 'terra',
  addressTypes: ['default'],
  sharedAddress: false,
  isAddress: isTerraAddress,
  // only the lower-case spelling is accepted
  canonicalAddress: (address) => address,
  isMemo: (memo) => memo.length <= 256,
  counter: () => 'terra',
  derive: (keys, _type, index) =>
    keys.xpub === undefined
      ? undefined
      : { address: encodeTerraAddress(hash160(keys.xpub.publicKey(index))), memo: null },
  transactionHash: (bytes) => bytesToHex(bytes).toUpperCase(),
};
