import assert from 'node:assert/strict';
import type { Command } from '../../src/commands/command.js';
import { apply, type Stamp } from '../../src/engine.js';
import { RATE_SCALE } from '../../src/money/rate.js';
import type { AssetSpec, NetworkSpec } from '../../src/spec/asset.js';
import { NO_FEE } from '../../src/spec/fee.js';
import { createState, type State } from '../../src/state/state.js';

export function network(name: string, extra: Partial<NetworkSpec> = {}): NetworkSpec {
  return {
    name,
    chain: 'test',
    canDeposit: true,
    canWithdraw: true,
    deposit: { min: 0n, max: 0n },
    withdraw: { min: 0n, max: 0n },
    partialWithdrawMax: 0n,
    confirmations: 2,
    depositFee: NO_FEE,
    withdrawFee: NO_FEE,
    ...extra,
  };
}

export function asset(
  ticker: string,
  precision: number,
  networks: NetworkSpec[],
  extra: Partial<AssetSpec> = {},
): AssetSpec {
  return {
    ticker,
    name: ticker === 'BTC' ? 'Bitcoin' : ticker,
    precision,
    kind: 'crypto',
    canDeposit: true,
    canWithdraw: true,
    cmcId: 0,
    makerFee: 0n,
    takerFee: 0n,
    memo: { deposit: false, withdraw: false },
    networks,
    defaultNetwork: networks[0]?.name ?? null,
    beneficiaryRequired: false,
    ...extra,
  };
}

/** 1% of RATE_SCALE. */
const ONE_PERCENT = RATE_SCALE / 100n;

/** BTC: fixed fee 0.0002 and min 0.001. USDT: ERC20 with a flex fee 1% in [1, 50] plus 1 fixed; TRC20 free. */
export const ASSETS: readonly AssetSpec[] = [
  asset('BTC', 8, [
    network('BTC', {
      withdrawFee: { fixed: 20_000n, flex: null },
      withdraw: { min: 100_000n, max: 10_000_000_000n },
      deposit: { min: 10_000n, max: 0n },
      depositFee: { fixed: 1_000n, flex: null },
    }),
  ]),
  asset('USDT', 6, [
    network('ERC20', {
      withdrawFee: { fixed: 1_000_000n, flex: { rate: ONE_PERCENT, min: 1_000_000n, max: 50_000_000n } },
    }),
    network('TRC20'),
  ]),
  asset(
    'USD',
    2,
    [network('VISAMASTER', { chain: null, withdraw: { min: 100n, max: 100_000n }, partialWithdrawMax: 500_000n })],
    { kind: 'fiat', defaultNetwork: null },
  ),
  asset('LUNC', 6, [network('LUNC')], { canDeposit: false, canWithdraw: false }),
];

export interface TestVenue {
  readonly state: State;
  readonly journal: { cmd: Command; stamp: Stamp }[];
  readonly run: (cmd: Command) => ReturnType<typeof apply>;
}

export function testVenue(): TestVenue {
  const state = createState();
  const journal: { cmd: Command; stamp: Stamp }[] = [];
  let time = 1_700_000_000_000_000;
  const run = (cmd: Command): ReturnType<typeof apply> => {
    const stamp: Stamp = { seq: state.seq + 1, time: (time += 1000) };
    const outcome = apply(state, cmd, stamp);
    if (outcome.result.ok) journal.push({ cmd, stamp });
    return outcome;
  };
  for (const a of ASSETS) assert.ok(run({ type: 'DefineAsset', asset: a }).result.ok);
  return { state, journal, run };
}

export function credit(user: string, ticker: string, amount: bigint): Command {
  return {
    type: 'CreditDeposit',
    transactionId: `dep-${user}-${ticker}-${String(amount)}`,
    user,
    ticker,
    amount,
    network: null,
    txid: null,
    address: null,
    memo: null,
  };
}

export function withdraw(
  user: string,
  uniqueId: string,
  ticker: string,
  amount: bigint,
  extra: Partial<Extract<Command, { type: 'RequestWithdrawal' }>> = {},
): Command {
  return {
    type: 'RequestWithdrawal',
    transactionId: `w-${user}-${uniqueId}`,
    user,
    uniqueId,
    ticker,
    network: null,
    address: 'addr',
    memo: null,
    amount,
    feeMode: 'pay',
    partialEnable: false,
    ...extra,
  };
}
