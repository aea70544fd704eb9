/**
 * A deposit address given to a user for one (ticker, network): derived by the wallet from the
 * chain's extended public key at `index`, or the chain's shared address with a per-user memo.
 */
export interface DepositAddress {
  /** The derivation counter this index was drawn from (a chain and address type). */
  readonly counter: string;
  readonly index: number;
  /** Address type where the chain has several (`bech32`, `p2sh-segwit`); null otherwise. */
  readonly type: string | null;
  readonly address: string;
  readonly memo: string | null;
}

export function depositAddressKey(user: string, ticker: string, network: string): string {
  return `${user}\u0000${ticker}\u0000${network}`;
}

/** Who a deposit to this address (and memo) belongs to. */
export interface DepositAddressOwner {
  readonly user: string;
  readonly ticker: string;
  readonly network: string;
}

export function depositOwnerKey(network: string, address: string, memo: string | null): string {
  return `${network}\u0000${address}\u0000${memo ?? ''}`;
}
