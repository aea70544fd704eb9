import { isMiningAccountName, MAX_PAYOUT_ADDRESS_LENGTH } from '@txc/core';
import { MINING_FIELD_MESSAGES } from '@txc/sdk';
import { isBitcoinAddress } from '../../../../../addresses/bitcoin.js';
import type { MiningValidation } from '../../../../validation/mining-validation.js';

export const NAME_FORMAT_INVALID = 'The name format is invalid.';

/** Mining account names in requests: at most 255 characters (reference §8.3). */
export const MAX_ACCOUNT_NAME_LENGTH = 255;

/** A new account's `name`: required, letters, digits and underscores, at most 255. */
export function newAccountName(v: MiningValidation): string | undefined {
  const name = v.requiredString('name', 'name', MAX_ACCOUNT_NAME_LENGTH);
  if (name !== undefined && !isMiningAccountName(name)) {
    v.add('name', NAME_FORMAT_INVALID);
    return undefined;
  }
  return name;
}

/**
 * The payout `address` when the destination is external: required, a string of at most 100
 * characters, and a mainnet Bitcoin address of a standard format.
 */
export function payoutAddress(v: MiningValidation): string | undefined {
  if (v.isMissing('address')) {
    v.add('address', MINING_FIELD_MESSAGES.btcAddressRequired);
    return undefined;
  }
  const address = v.boundedString('address', 'address', MAX_PAYOUT_ADDRESS_LENGTH);
  if (address !== undefined && !isBitcoinAddress(address)) {
    v.add('address', MINING_FIELD_MESSAGES.invalidBtcAddress);
    return undefined;
  }
  return address;
}

/** Unix seconds of an engine time (microseconds). */
export function unixSeconds(micros: number): number {
  return Math.floor(micros / 1_000_000);
}
