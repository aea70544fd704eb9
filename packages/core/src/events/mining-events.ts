import type { PayoutDestination } from '../state/mining.js';

export interface MiningAccountCreated {
  readonly type: 'MiningAccountCreated';
  readonly user: string;
  readonly account: string;
  readonly time: number;
}

export interface MiningPayoutDestinationSet {
  readonly type: 'MiningPayoutDestinationSet';
  readonly user: string;
  readonly account: string;
  readonly destination: PayoutDestination;
  readonly address: string | null;
  readonly time: number;
}

/** One reward paid: to the main balance (no address, no hash) or to an external address. */
export interface MiningRewardCredited {
  readonly type: 'MiningRewardCredited';
  readonly rewardId: number;
  readonly user: string;
  readonly account: string;
  readonly ticker: string;
  /** Net of the pool fee: what the account received. */
  readonly amount: bigint;
  readonly fee: bigint;
  readonly hashRate: string;
  readonly fppsRate: string;
  readonly payoutDestination: PayoutDestination;
  readonly payoutAddress: string | null;
  readonly payoutTransactionHash: string | null;
  readonly time: number;
}
