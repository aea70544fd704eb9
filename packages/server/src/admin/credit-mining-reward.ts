import { randomBytes } from 'node:crypto';
import { MINING_REWARD_TICKER, parseDecimal, parseUnits } from '@txc/core';
import { AdminError, optionalString, record, requiredString, withinAdminBound } from './admin-input.js';
import { refused } from './mining-refusal.js';
import type { Venue } from '../venue/venue.js';

const TX_HASH = /^[0-9a-fA-F]{64}$/;

function btcAmount(venue: Venue, body: Record<string, unknown>, field: string, fallback?: bigint): bigint {
  const raw = body[field];
  if ((raw === undefined || raw === null) && fallback !== undefined) return fallback;
  const precision = venue.state.assets.get(MINING_REWARD_TICKER)?.precision;
  if (precision === undefined) throw refused({ reason: 'UNKNOWN_ASSET' }, '', '');
  const units = typeof raw === 'string' || typeof raw === 'number' ? parseUnits(String(raw), precision) : undefined;
  if (units === undefined || units < 0n) {
    throw new AdminError(
      'adminBadRequest',
      `${field} must be a non-negative decimal with at most ${precision} decimal places.`,
    );
  }
  return withinAdminBound(units, precision, field);
}

function rate(body: Record<string, unknown>, field: string): string {
  const raw = body[field] ?? '0';
  const d = typeof raw === 'string' ? parseDecimal(raw) : undefined;
  if (d === undefined || d.negative)
    throw new AdminError('adminBadRequest', `${field} must be a non-negative decimal.`);
  return raw as string;
}

/**
 * `POST /admin/v1/mining/rewards {user, account, amount, fee?, hashRate?, fppsRate?, txHash?}`:
 * pays a reward (BTC) where the account's payout destination says. `amount` is what the account
 * receives; `fee` the pool's cut, for the record. An external payout carries `txHash`, or a fresh one.
 */
export async function creditMiningReward(venue: Venue, input: unknown): Promise<{ rewardId: number }> {
  const body = record(input, ['user', 'account', 'amount', 'fee', 'hashRate', 'fppsRate', 'txHash']);
  const user = requiredString(body, 'user');
  const account = requiredString(body, 'account');
  const amount = btcAmount(venue, body, 'amount');
  if (amount === 0n) throw new AdminError('adminBadRequest', 'amount must be greater than 0.');
  const fee = btcAmount(venue, body, 'fee', 0n);
  const hashRate = rate(body, 'hashRate');
  const fppsRate = rate(body, 'fppsRate');
  const given = optionalString(body, 'txHash');
  if (given !== null && !TX_HASH.test(given)) {
    throw new AdminError('adminBadRequest', 'txHash must be 64 hexadecimal characters.');
  }
  const txHash = given?.toLowerCase() ?? randomBytes(32).toString('hex');
  const { result } = await venue.submit({
    type: 'CreditMiningReward',
    user,
    account,
    amount,
    fee,
    hashRate,
    fppsRate,
    txHash,
  });
  if (!result.ok) throw refused(result.rejection, user, account);
  return { rewardId: result.value.rewardId };
}
