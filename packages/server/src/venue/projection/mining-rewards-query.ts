import type { Kysely } from 'kysely';
import type { Database, MiningRewardsTable } from '../../store/database.js';

export interface MiningRewardsFilter {
  readonly user: string;
  readonly account?: string;
  /** Payout time bounds, microseconds, inclusive lower and exclusive upper. */
  readonly fromMicros?: number;
  readonly untilMicros?: number;
  readonly limit: number;
  readonly offset: number;
}

/** One page of a user's rewards, newest first (rewards paid in the same instant by id, newest first). */
export async function listMiningRewards(db: Kysely<Database>, f: MiningRewardsFilter): Promise<MiningRewardsTable[]> {
  let q = db.selectFrom('mining_rewards').selectAll().where('user_name', '=', f.user);
  if (f.account !== undefined) q = q.where('account_name', '=', f.account);
  if (f.fromMicros !== undefined) q = q.where('payout_time', '>=', f.fromMicros);
  if (f.untilMicros !== undefined) q = q.where('payout_time', '<', f.untilMicros);
  return q.orderBy('payout_time', 'desc').orderBy('reward_id', 'desc').limit(f.limit).offset(f.offset).execute();
}
