import {
  apply,
  assetWithoutNetworks,
  createState,
  type Command,
  type Event,
  type MarketSpec,
  type State,
} from '@txc/core';

/** A command the engine took: its place in the journal and what it caused. */
export interface Applied {
  readonly seq: number;
  readonly events: readonly Event[];
}

/** Applies `cmd` as the state's next command, at `time`; a refusal means the benchmark is broken. */
export function applyNext(state: State, cmd: Command, time: number): Applied {
  const seq = state.seq + 1;
  const outcome = apply(state, cmd, { seq, time });
  if (!outcome.result.ok) throw new Error(`bench: ${cmd.type} refused: ${outcome.result.rejection.reason}`);
  return { seq, events: outcome.events };
}

/** The precisions (decimal places) of a spot market's two assets. */
export interface AssetPrecisions {
  readonly stock: number;
  readonly money: number;
}

/**
 * A venue with one spot market and `users` whose spot accounts hold `amount` minor units of each of
 * its assets (deposited, then moved from main to spot), for benchmarks that drive the engine.
 */
export function spotVenue(
  market: MarketSpec,
  precisions: AssetPrecisions,
  users: readonly string[],
  amount: bigint,
  time: number,
): State {
  const state = createState();
  const run = (cmd: Command): Applied => applyNext(state, cmd, time);
  run({ type: 'DefineAsset', asset: assetWithoutNetworks(market.stock, precisions.stock) });
  run({ type: 'DefineAsset', asset: assetWithoutNetworks(market.money, precisions.money) });
  run({ type: 'DefineMarket', market });
  for (const user of users) {
    run({ type: 'CreateUser', name: user, eea: false });
    for (const ticker of [market.stock, market.money]) {
      run({
        type: 'CreditDeposit',
        transactionId: `${user}-${ticker}`,
        user,
        ticker,
        amount,
        network: null,
        txid: `${user}-${ticker}`,
        address: null,
        memo: null,
      });
      run({ type: 'Transfer', user, ticker, amount, from: 'main', to: 'spot' });
    }
  }
  return state;
}
