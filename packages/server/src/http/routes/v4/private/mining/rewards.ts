import { formatUnits } from '@txc/core';
import { miningRewards } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { MiningRewardsTable } from '../../../../../store/database.js';
import { listMiningRewards } from '../../../../../venue/projection/mining-rewards-query.js';
import { sendError } from '../../../../send-error.js';
import { MiningValidation } from '../../../../validation/mining-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { MAX_ACCOUNT_NAME_LENGTH, unixSeconds } from './mining-fields.js';
import { defineRoute } from '../../../../route-module.js';

/** Timestamps are Unix seconds; beyond this (year 2255) they are taken for milliseconds or nonsense. */
const MAX_TIMESTAMP = 9_000_000_000;
const MICROS = 1_000_000;

function wire(row: MiningRewardsTable, precision: number): Record<string, unknown> {
  const amount = (units: string): string => formatUnits(BigInt(units), precision);
  const time = unixSeconds(Number(row.payout_time));
  return {
    miningAccountName: row.account_name,
    payoutDestination: row.payout_destination,
    payoutTransactionHash: row.payout_transaction_hash,
    payoutAddress: row.payout_address,
    payoutTime: time,
    rewardCurrency: row.reward_currency,
    totalReward: amount(row.total_reward),
    reward: amount(row.reward),
    fee: amount(row.fee),
    fppsRate: row.fpps_rate,
    hashRate: row.hash_rate,
    date: time,
  };
}

/**
 * Reference §8.3: the caller's rewards, newest first, by `account` and payout time (`from`/`to` in
 * Unix seconds, both inclusive). An unknown or foreign account is no error: the list is empty.
 * Out-of-range or reversed timestamps answer 422 `Incorrect timestamp`.
 */
export const miningRewardsRoute = defineRoute(miningRewards, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(miningRewards.path, { config: { endpoint: miningRewards } }, async (request, reply) => {
    const v = new MiningValidation(request.body as Record<string, unknown>);
    const account = v.boundedString('account', 'account', MAX_ACCOUNT_NAME_LENGTH);
    const from = v.optionalInteger('from');
    const to = v.optionalInteger('to');
    const { limit, offset } = v.page();
    if (v.failed) return sendError(reply, 'mainValidation', { errors: v.errors });
    const outOfRange = (t: number | undefined): boolean => t !== undefined && (t < 0 || t > MAX_TIMESTAMP);
    if (outOfRange(from) || outOfRange(to) || (from !== undefined && to !== undefined && from > to)) {
      return sendError(reply, 'miningIncorrectTimestamp');
    }

    const rows = await venue.readDurable((store) =>
      listMiningRewards(store.db, {
        user: request.auth?.user ?? '',
        account,
        fromMicros: from === undefined ? undefined : from * MICROS,
        untilMicros: to === undefined ? undefined : (to + 1) * MICROS,
        limit,
        offset,
      }),
    );
    const precision = (ticker: string): number => venue.state.assets.get(ticker)?.precision ?? 8;
    return reply.send({ offset, limit, data: rows.map((r) => wire(r, precision(r.reward_currency))) });
  });
});
