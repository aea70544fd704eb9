import {
  apply,
  createState,
  CURRENT_RULES,
  parseUnits,
  rateFromPercent,
  type BookFactory,
  type Command,
  type CommandResults,
  type MarketSpec,
  type Outcome,
  type PlaceOrder,
  type State,
  spotLimitOrder,
} from '../../src/index.js';
import { asset, network } from './assets.js';

/** A small venue for engine tests: BTC, USDT and ETH, the BTC_USDT and ETH_BTC markets. */
export const BTC_USDT: MarketSpec = {
  name: 'BTC_USDT',
  stock: 'BTC',
  money: 'USDT',
  type: 'spot',
  stockPrec: 6,
  moneyPrec: 2,
  feePrec: 6,
  makerFee: rateFromPercent('0.1') as bigint,
  takerFee: rateFromPercent('0.2') as bigint,
  minAmount: 10n,
  minTotal: 5_000_000n,
  maxTotal: 0n,
  tradesEnabled: true,
  isCollateral: true,
};

export const ETH_BTC: MarketSpec = {
  ...BTC_USDT,
  name: 'ETH_BTC',
  stock: 'ETH',
  money: 'BTC',
  stockPrec: 4,
  moneyPrec: 6,
  feePrec: 8,
  isCollateral: false,
};

/** A venue driven through `apply`, with a clock that advances one second per command. */
export class TestVenue {
  readonly state: State;
  private seq = 0;
  time = 1_700_000_000_000_000;

  constructor(book?: BookFactory, rules: number = CURRENT_RULES) {
    this.state = createState(book === undefined ? {} : { book });
    // a new venue adopts the engine's current rules first, as the server does
    if (rules > this.state.rules) this.must({ type: 'AdoptRules', version: rules });
    for (const [ticker, precision] of [
      ['BTC', 8],
      ['USDT', 6],
      ['ETH', 8],
    ] as const) {
      this.must({
        type: 'DefineAsset',
        asset: asset(ticker, precision, [network(ticker)]),
      });
    }
    this.must({ type: 'DefineMarket', market: BTC_USDT });
    this.must({ type: 'DefineMarket', market: ETH_BTC });
  }

  run<C extends Command>(cmd: C): Outcome<CommandResults[C['type']]> {
    this.time += 1_000_000;
    return apply(this.state, cmd, { seq: ++this.seq, time: this.time });
  }

  must<C extends Command>(cmd: C): CommandResults[C['type']] {
    const { result } = this.run(cmd);
    if (!result.ok) throw new Error(`${cmd.type} refused: ${result.rejection.reason}`);
    return result.value;
  }

  /** A user with spot balances, given in whole units. */
  user(name: string, spot: Record<string, string>): void {
    this.funded(name, 'spot', spot);
  }

  /** A new user whose deposits (whole units) are moved from main into `account`. */
  funded(name: string, account: 'spot' | 'collateral', balances: Record<string, string>): void {
    this.must({ type: 'CreateUser', name, eea: false });
    for (const [ticker, whole] of Object.entries(balances)) {
      const amount = parseUnits(whole, this.state.assets.get(ticker)!.precision)!;
      this.must({
        type: 'CreditDeposit',
        transactionId: `${name}-${ticker}`,
        user: name,
        ticker,
        amount,
        network: null,
        txid: `${name}-${ticker}`,
        address: null,
        memo: null,
      });
      this.must({ type: 'Transfer', user: name, ticker, amount, from: 'main', to: account });
    }
  }

  spot(user: string, ticker: string): { available: bigint; freeze: bigint } {
    const b = this.state.users.get(user)!.spot.get(ticker);
    return { available: b?.available ?? 0n, freeze: b?.freeze ?? 0n };
  }

  fee(ticker: string): bigint {
    return this.state.ledger.fees.get(ticker) ?? 0n;
  }
}

/** A PlaceOrder on BTC_USDT with defaults: spot, limit, no flags, stp `no`. */
export function order(
  user: string,
  side: 'buy' | 'sell',
  fields: Partial<Omit<PlaceOrder, 'type' | 'user' | 'side'>> & { price?: number; amount: number },
): PlaceOrder {
  return spotLimitOrder(user, 'BTC_USDT', side, fields.price ?? 0, fields.amount, fields);
}
