import {
  formatUnits,
  rateToPercent,
  type AmountLimits,
  type AssetSpec,
  type FeeSpec,
  type NetworkSpec,
} from '@txc/core';
import type { FeeEntry } from '@txc/sdk';
import type { Static } from 'typebox';

type Entry = Static<typeof FeeEntry>;

function terms(limits: AmountLimits, fee: FeeSpec, precision: number) {
  const show = (v: bigint): string => formatUnits(v, precision);
  return {
    max_amount: show(limits.max),
    min_amount: show(limits.min),
    fixed: fee.fixed === null ? null : show(fee.fixed),
    flex:
      fee.flex === null
        ? null
        : { percent: rateToPercent(fee.flex.rate), min_fee: show(fee.flex.min), max_fee: show(fee.flex.max) },
  };
}

function flags(asset: AssetSpec, networks: readonly NetworkSpec[]) {
  const depositable = asset.canDeposit && networks.some((n) => n.canDeposit);
  const withdrawable = asset.canWithdraw && networks.some((n) => n.canWithdraw);
  return {
    is_depositable: depositable,
    is_withdrawal: withdrawable,
    is_api_withdrawal: withdrawable,
    is_api_depositable: depositable,
  };
}

function cryptoEntry(asset: AssetSpec, n: NetworkSpec): Entry {
  return {
    ...flags(asset, [n]),
    ticker: asset.ticker,
    name: asset.name,
    providers: [],
    withdraw: terms(n.withdraw, n.withdrawFee, asset.precision),
    deposit: terms(n.deposit, n.depositFee, asset.precision),
  };
}

function fiatEntry(asset: AssetSpec): Entry {
  const perProvider = (direction: 'deposit' | 'withdraw') =>
    Object.fromEntries(
      asset.networks.map((n) => {
        const open = direction === 'deposit' ? asset.canDeposit && n.canDeposit : asset.canWithdraw && n.canWithdraw;
        const which =
          direction === 'deposit'
            ? { is_depositable: open, is_api_depositable: open }
            : { is_withdrawal: open, is_api_withdrawal: open };
        const t =
          direction === 'deposit'
            ? terms(n.deposit, n.depositFee, asset.precision)
            : terms(n.withdraw, n.withdrawFee, asset.precision);
        return [n.name, { ticker: asset.ticker, name: asset.name, ...which, ...t }];
      }),
    );
  return {
    ...flags(asset, asset.networks),
    ticker: asset.ticker,
    name: asset.name,
    providers: asset.networks.map((n) => n.name),
    withdraw: perProvider('withdraw'),
    deposit: perProvider('deposit'),
  };
}

/**
 * Reference §4.7: crypto assets with one network under their ticker, with several under
 * `"TICKER (NETWORK)"` each; fiat assets under their ticker with terms per provider.
 */
export function feeSchedule(assets: Iterable<AssetSpec>): Record<string, Entry> {
  const out: Record<string, Entry> = {};
  for (const a of assets) {
    if (a.kind === 'fiat') {
      out[a.ticker] = fiatEntry(a);
    } else if (a.networks.length === 1) {
      out[a.ticker] = cryptoEntry(a, a.networks[0] as NetworkSpec);
    } else {
      for (const n of a.networks) out[`${a.ticker} (${n.name})`] = cryptoEntry(a, n);
    }
  }
  return out;
}
