import { bytesToHex } from '@noble/hashes/utils.js';
import { encodeEthereumAddress, isEthereumAddress, toChecksumAddress } from '../../addresses/ethereum.js';
import type { ChainFamily } from './chain-family.js';
import { keccakAccountId } from './key-hashes.js';

/** Ethereum and its ERC20 tokens: BIP44 coin 60 keys, EIP-55 checksummed addresses. */
export const ethereumFamily: ChainFamily = {
  name: 'ethereum',
  addressTypes: ['default'],
  sharedAddress: false,
  isAddress: isEthereumAddress,
  canonicalAddress: (address) => toChecksumAddress(address.slice(2)),
  isMemo: () => false,
  counter: () => 'ethereum',
  derive: (keys, _type, index) =>
    keys.xpub === undefined
      ? undefined
      : { address: encodeEthereumAddress(keccakAccountId(keys.xpub.publicKey(index))), memo: null },
  transactionHash: (bytes) => `0x${bytesToHex(bytes)}`,
};
