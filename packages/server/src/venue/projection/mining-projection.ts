import type { MiningRewardCredited } from '@txc/core';
import type { MiningRewardsTable } from '../../store/database.js';

/** The read-model row of one paid reward. */
export function miningRewardRow(e: MiningRewardCredited): MiningRewardsTable {
  return {
    reward_id: e.rewardId,
    user_name: e.user,
    account_name: e.account,
    reward_currency: e.ticker,
    total_reward: (e.amount + e.fee).toString(),
    reward: e.amount.toString(),
    fee: e.fee.toString(),
    fpps_rate: e.fppsRate,
    hash_rate: e.hashRate,
    payout_destination: e.payoutDestination,
    payout_address: e.payoutAddress,
    payout_transaction_hash: e.payoutTransactionHash,
    payout_time: e.time,
  };
}
