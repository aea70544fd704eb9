import type { PayoutDestination } from '../state/mining.js';

/** Opens a mining pool account for a user; its rewards go to the user's main balance until told otherwise. */
export interface CreateMiningAccount {
  readonly type: 'CreateMiningAccount';
  readonly user: string;
  readonly name: string;
}

export interface CreatedMiningAccount {
  readonly user: string;
  readonly name: string;
  /** Microseconds since the Unix epoch. */
  readonly createdAt: number;
}

/**
 * Chooses where a mining account's rewards go. The address is checked at the edge (a mainnet
 * Bitcoin address needs hashing the engine does not do); here it must be present exactly when the
 * destination is external, and going back to the main balance forgets it.
 */
export interface SetMiningPayoutDestination {
  readonly type: 'SetMiningPayoutDestination';
  readonly user: string;
  readonly account: string;
  readonly destination: PayoutDestination;
  readonly address: string | null;
}

export interface MiningPayoutSetting {
  readonly payoutDestination: PayoutDestination;
  readonly externalAddress: string | null;
}

/**
 * The pool pays a mining account's reward (in BTC) where the account says, at the moment it is
 * paid. To the main balance, it is new money entering the venue: the owner's main BTC grows and
 * the ledger counts it as deposited, so conservation holds. To an external address, the coins go
 * from the pool straight to that address on chain: the venue never holds them, so neither a
 * balance nor the ledger moves; the reward is only recorded, with its transaction hash.
 */
export interface CreditMiningReward {
  readonly type: 'CreditMiningReward';
  readonly user: string;
  readonly account: string;
  /** What the account receives, in BTC minor units (satoshis). */
  readonly amount: bigint;
  /** The pool's fee withheld from the gross reward; informative, it is not venue money. */
  readonly fee: bigint;
  /** Decimal text, as reported by the pool (informative). */
  readonly hashRate: string;
  readonly fppsRate: string;
  /**
   * The payout transaction's hash, used when the reward goes to an external address. Chosen by
   * the caller so that replaying the journal reproduces it.
   */
  readonly txHash: string;
}

export interface MiningRewardOutcome {
  readonly rewardId: number;
  readonly payoutDestination: PayoutDestination;
  readonly payoutAddress: string | null;
  readonly payoutTransactionHash: string | null;
}
