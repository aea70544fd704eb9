import { formatUnits, rateToPercent, resolveNetwork, type AmountLimits, type AssetSpec } from '@txc/core';
import type { AssetStatus } from '@txc/sdk';
import type { Static } from 'typebox';

type Status = Static<typeof AssetStatus>;

function bound(limits: AmountLimits, precision: number): { min: string; max?: string } {
  const min = formatUnits(limits.min, precision);
  // Reference §4.6: the `max` key is left out when there is no upper limit.
  return limits.max === 0n ? { min } : { min, max: formatUnits(limits.max, precision) };
}

/**
 * Reference §4.6, one asset. Top-level minima and maxima are those of the network a request
 * without one would use (the default, else the first). Directions that are disabled are left out
 * of `networks`/`providers`, as the reference describes.
 */
export function assetStatus(asset: AssetSpec): Status {
  const show = (v: bigint): string => formatUnits(v, asset.precision);
  const main = resolveNetwork(asset, null) ?? asset.networks[0];
  const deposits = asset.canDeposit ? asset.networks.filter((n) => n.canDeposit).map((n) => n.name) : [];
  const withdraws = asset.canWithdraw ? asset.networks.filter((n) => n.canWithdraw).map((n) => n.name) : [];
  const directions = {
    ...(deposits.length > 0 ? { deposits } : {}),
    ...(withdraws.length > 0 ? { withdraws } : {}),
  };
  const status: Status = {
    name: asset.name,
    unified_cryptoasset_id: asset.cmcId,
    can_withdraw: asset.canWithdraw,
    can_deposit: asset.canDeposit,
    min_withdraw: show(main?.withdraw.min ?? 0n),
    max_withdraw: show(main?.withdraw.max ?? 0n),
    maker_fee: rateToPercent(asset.makerFee),
    taker_fee: rateToPercent(asset.takerFee),
    min_deposit: show(main?.deposit.min ?? 0n),
    max_deposit: show(main?.deposit.max ?? 0n),
    currency_precision: asset.precision,
    is_memo: asset.memo.deposit || asset.memo.withdraw,
    memo: { deposit: asset.memo.deposit, withdraw: asset.memo.withdraw },
  };
  if (asset.networks.length === 0) return status;
  const limits = {
    deposit: Object.fromEntries(asset.networks.map((n) => [n.name, bound(n.deposit, asset.precision)])),
    withdraw: Object.fromEntries(asset.networks.map((n) => [n.name, bound(n.withdraw, asset.precision)])),
  };
  if (asset.kind === 'fiat') return { ...status, providers: directions, limits };
  const fallback = resolveNetwork(asset, null);
  const confirmations: Record<string, number> = {};
  for (const n of asset.networks) if (n.confirmations !== null) confirmations[n.name] = n.confirmations;
  return {
    ...status,
    networks: { ...directions, ...(fallback === undefined ? {} : { default: fallback.name }) },
    limits,
    confirmations,
  };
}

export function assetStatuses(assets: Iterable<AssetSpec>): Record<string, Status> {
  const out: Record<string, Status> = {};
  for (const a of assets) out[a.ticker] = assetStatus(a);
  return out;
}
