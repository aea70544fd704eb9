import {
  formatUnits,
  nextAddressIndex,
  rateToPercent,
  type AssetSpec,
  type DepositAddress,
  type NetworkSpec,
} from '@txc/core';
import { depositAddressKey } from '@txc/core';
import type { DepositAddressResult, ErrorName } from '@txc/sdk';
import type { Static } from 'typebox';
import type { VenueAccess } from './venue-access.js';
import type { Wallet } from './wallet.js';

export type AddressAnswer =
  { readonly ok: true; readonly address: DepositAddress } | { readonly ok: false; readonly error: ErrorName };

/**
 * Hands out deposit addresses: the persistent one of a (user, ticker, network), created on first
 * request, and further ones on demand. The derivation index is read and the assignment submitted
 * in one synchronous step, so concurrent requests never race for an index; the engine records the
 * assignment, which makes it durable and replayable.
 */
export class DepositAddresses {
  constructor(
    private readonly venue: VenueAccess,
    private readonly wallet: Wallet,
  ) {}

  /** The user's addresses for one (ticker, network), the persistent one first. */
  held(user: string, ticker: string, network: string): readonly DepositAddress[] {
    return this.venue.state.depositAddresses.get(depositAddressKey(user, ticker, network)) ?? [];
  }

  async persistent(user: string, asset: AssetSpec, network: NetworkSpec): Promise<AddressAnswer> {
    const existing = this.held(user, asset.ticker, network.name)[0];
    if (existing !== undefined) return { ok: true, address: existing };
    return this.assign(user, asset, network, null, false);
  }

  fresh(user: string, asset: AssetSpec, network: NetworkSpec, type: string | null): Promise<AddressAnswer> {
    return this.assign(user, asset, network, type, true);
  }

  private async assign(
    user: string,
    asset: AssetSpec,
    network: NetworkSpec,
    requestedType: string | null,
    fresh: boolean,
  ): Promise<AddressAnswer> {
    const family = this.wallet.family(network);
    if (family === undefined) return { ok: false, error: 'addressUnavailable' };
    const type = requestedType ?? (family.addressTypes[0] as string);
    const counter = family.counter(type);
    const index = nextAddressIndex(this.venue.state, counter);
    const derived = family.derive(this.wallet.keysOf(family), type, index);
    if (derived === undefined) return { ok: false, error: 'addressUnavailable' };
    const address: DepositAddress = {
      counter,
      index,
      type: family.addressTypes.length > 1 ? type : null,
      address: derived.address,
      memo: derived.memo,
    };
    const { result } = await this.venue.submit({
      type: 'AssignDepositAddress',
      user,
      ticker: asset.ticker,
      network: network.name,
      fresh,
      limit: this.wallet.addressesPerNetwork,
      address,
    });
    if (result.ok) return { ok: true, address: result.value };
    switch (result.rejection.reason) {
      case 'DEPOSIT_ADDRESS_LIMIT':
        return { ok: false, error: 'addressLimitReached' };
      case 'ASSET_NOT_DEPOSITABLE':
      case 'NETWORK_NOT_DEPOSITABLE':
        return { ok: false, error: 'addressNotDepositable' };
      default:
        return { ok: false, error: 'addressUnavailable' };
    }
  }
}

/** Spec §2.5: the address, and the deposit terms of its network. */
export function depositAddressResult(
  asset: AssetSpec,
  network: NetworkSpec,
  address: DepositAddress,
): Static<typeof DepositAddressResult> {
  const show = (v: bigint): string => formatUnits(v, asset.precision);
  const flex = network.depositFee.flex;
  return {
    account: { address: address.address, memo: address.memo ?? '' },
    required: {
      fixedFee: show(network.depositFee.fixed ?? 0n),
      flexFee: {
        maxFee: show(flex?.max ?? 0n),
        minFee: show(flex?.min ?? 0n),
        percent: flex === null ? '0' : rateToPercent(flex.rate),
      },
      maxAmount: show(network.deposit.max),
      minAmount: show(network.deposit.min),
    },
  };
}
