import type { PlaceOrder } from '../commands/order-commands.js';
import type { Rejection } from '../commands/rejection.js';
import { marketUnits } from '../spec/market-units.js';
import type { State } from '../state/state.js';
import { feeRatesOf } from '../state/user-fees.js';
import { firstTakerBuyCost } from './fees.js';

/**
 * A spot stock-market buy that cannot pay for one lot at the best ask, refused as a market buy
 * without the money is (reference §5.4: the same errors); undefined for any other order, and on an
 * empty book (the buy is accepted and finds nothing to buy). Such a buy holds the whole balance and
 * buys what it covers, so one that covers nothing would otherwise be placed for nothing.
 *
 * The order entry applies it, on the state the command is applied to next, before submitting the
 * command, not the handler: journals written before the rule replay as they were, without a new
 * rules version.
 */
export function unaffordableStockMarketBuy(state: State, cmd: PlaceOrder): Rejection | undefined {
  if (cmd.account !== 'spot' || cmd.orderType !== 'stock market' || cmd.side !== 'buy') return undefined;
  const spec = state.markets.get(cmd.market);
  const best = state.trading.markets.get(cmd.market)?.book.best('sell');
  if (spec === undefined || best === undefined) return undefined;
  const units = marketUnits(
    spec,
    state.assets.get(spec.money)?.precision ?? 0,
    state.assets.get(spec.stock)?.precision ?? 0,
  );
  const available = state.users.get(cmd.user)?.spot.get(spec.money)?.available ?? 0n;
  const oneLot = firstTakerBuyCost(units, best.price, 1, feeRatesOf(state.userFees, cmd.user, spec).takerFee);
  return oneLot <= available ? undefined : { reason: 'NOT_ENOUGH_BALANCE' };
}
