import { bytesToHex } from '@noble/hashes/utils.js';
import { isXrpAddress, isXrpDestinationTag } from '../../addresses/xrp.js';
import type { ChainFamily } from './chain-family.js';

/**
 * The XRP Ledger: an account costs a reserve, so the venue receives every deposit on its one
 * address and tells users apart by destination tag (the memo). Tags start at 1: many wallets treat
 * 0 as "no tag".
 */
export const xrpFamily: ChainFamily = {
  name: 'xrp',
  addressTypes: ['default'],
  sharedAddress: true,
  isAddress: isXrpAddress,
  // Base58: letter case is part of the address
  canonicalAddress: (address) => address,
  isMemo: isXrpDestinationTag,
  counter: () => 'xrp',
  derive: (keys, _type, index) =>
    keys.address === undefined || index + 1 > 0xffff_ffff
      ? undefined
      : { address: keys.address, memo: String(index + 1) },
  transactionHash: (bytes) => bytesToHex(bytes).toUpperCase(),
};
