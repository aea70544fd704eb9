import { randomUUID } from 'node:crypto';
import { creditedBefore, depositOwnerKey, resolveNetwork } from '@txc/core';
import type { DepositReport, DepositSink, ObservedDeposit } from './chain-watcher.js';
import { chainFamilyOf } from './chains/index.js';
import type { VenueAccess } from './venue-access.js';

function refuse(refusal: 'bad-request' | 'not-found' | 'conflict', detail: string): DepositReport {
  return { ok: false, refusal, detail };
}

/**
 * The one way deposits enter the venue: the network is checked against the asset (its default
 * when none is named), the address against the network's chain, the user found from the address
 * when the report names none; the engine then applies limits and fees and credits it once.
 */
export class DepositIntake implements DepositSink {
  constructor(private readonly venue: VenueAccess) {}

  async report(d: ObservedDeposit): Promise<DepositReport> {
    const state = this.venue.state;
    const asset = state.assets.get(d.ticker);
    if (asset === undefined) return refuse('bad-request', `Unknown ticker ${d.ticker}.`);
    const network = resolveNetwork(asset, d.network);
    if (network === undefined) {
      const known = asset.networks.map((n) => n.name).join(', ') || 'none';
      return refuse(
        'bad-request',
        d.network === null
          ? `${d.ticker} has several networks and no default: name one (${known}).`
          : `Unknown network ${d.network} for ${d.ticker} (known: ${known}).`,
      );
    }
    const family = chainFamilyOf(network);
    if (d.address !== null && family !== undefined && !family.isAddress(d.address)) {
      return refuse('bad-request', `${d.address} is not a valid ${network.name} address.`);
    }
    // deposit addresses are kept in their chain's one spelling (see ChainFamily.canonicalAddress)
    const address = d.address === null || family === undefined ? d.address : family.canonicalAddress(d.address);
    if (d.memo !== null && asset.memo.deposit && family !== undefined && !family.isMemo(d.memo)) {
      return refuse('bad-request', `${d.memo} is not a valid ${network.name} memo.`);
    }
    let user = d.user;
    if (user === undefined) {
      if (address === null) return refuse('bad-request', 'Name the user or the deposit address.');
      const owner = state.depositOwners.get(depositOwnerKey(network.name, address, d.memo));
      if (owner === undefined) return refuse('not-found', `No user holds deposit address ${address}.`);
      user = owner.user;
    }
    const credit = {
      type: 'CreditDeposit',
      transactionId: randomUUID(),
      user,
      ticker: asset.ticker,
      amount: d.amount,
      network: network.name,
      txid: d.txid,
      address,
      memo: d.memo,
    } as const;
    // a transaction reported again (a chain re-scanned after a restart) is answered without a command
    const before = creditedBefore(state, credit);
    if (before !== undefined && before !== 'conflict') {
      await this.venue.barrier();
      return { ok: true, transactionId: before.transactionId, duplicate: true };
    }
    const { result } = await this.venue.submit(credit);
    if (result.ok) return { ok: true, ...result.value };
    const p = result.rejection.params ?? {};
    switch (result.rejection.reason) {
      case 'UNKNOWN_USER':
        return refuse('not-found', `User ${p.user} not found.`);
      case 'DEPOSIT_TXID_CONFLICT':
        return refuse('conflict', `Transaction ${p.txid} was already credited with other details.`);
      case 'ASSET_NOT_DEPOSITABLE':
      case 'NETWORK_NOT_DEPOSITABLE':
        return refuse('conflict', `Deposits of ${d.ticker} on ${network.name} are disabled.`);
      case 'SUB_ACCOUNT_DELETED':
        // nobody could reach what it would hold
        return refuse('conflict', `User ${user} is a deleted sub-account: it is credited nothing.`);
      case 'DEPOSIT_ADDRESS_OF_OTHER_USER':
        return refuse('conflict', `Deposit address ${d.address} belongs to another user.`);
      case 'DEPOSIT_BELOW_MIN':
        return refuse('bad-request', `The amount is below the minimum deposit ${p.min}.`);
      case 'DEPOSIT_ABOVE_MAX':
        return refuse('bad-request', `The amount is above the maximum deposit ${p.max}.`);
      case 'DEPOSIT_NOT_ABOVE_FEE':
        return refuse('bad-request', `The amount does not exceed the deposit fee ${p.fee}.`);
      default:
        return refuse('bad-request', `Refused: ${result.rejection.reason}.`);
    }
  }
}
