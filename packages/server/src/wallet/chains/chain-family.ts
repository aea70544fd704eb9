import type { WatchOnlyKey } from '../watch-only-key.js';

/** What the operator configured for one chain family (see config `wallet.chains`). */
export interface ChainKeys {
  /** Account-level extended public key for the default address type. */
  readonly xpub?: WatchOnlyKey;
  /** Bitcoin: the BIP49 account key for `p2sh-segwit` addresses. */
  readonly p2shSegwitXpub?: WatchOnlyKey;
  /** Memo chains: the venue's one deposit address. */
  readonly address?: string;
}

export interface DerivedAddress {
  readonly address: string;
  readonly memo: string | null;
}

/**
 * An address format and derivation scheme shared by every network of one chain family. Networks
 * name their family in the venue file (`chain`); nothing here knows any ticker.
 */
export interface ChainFamily {
  readonly name: string;
  /** Address types a user may ask for (create-new-address `type`); the first is the default. */
  readonly addressTypes: readonly string[];
  /** Deposits go to one shared venue address and are told apart by the memo. */
  readonly sharedAddress: boolean;
  isAddress(address: string): boolean;
  /**
   * The one spelling of a valid address that the venue records and compares: the form its own
   * deposit addresses take. Formats that ignore letter case (hex, bech32) are written one way.
   */
  canonicalAddress(address: string): string;
  /** A valid memo for withdrawals on this chain (memo chains only). */
  isMemo(memo: string): boolean;
  /** The derivation counter of an address type: indexes are unique per counter. */
  counter(type: string): string;
  /** The deposit address at `index`; undefined when the keys it needs are not configured. */
  derive(keys: ChainKeys, type: string, index: number): DerivedAddress | undefined;
  /** How this chain writes a transaction id, from 32 bytes. */
  transactionHash(bytes: Uint8Array): string;
}
