import type { AppliedCommand } from './channel.js';

/** Every book may have moved: a price or a liquidation check can trigger orders anywhere. */
export const ANY_MARKET = Symbol('any market');

/**
 * The markets whose book a command may have changed: the market it names, and those its events name
 * (trades, finished orders, activated stops). Commands that trigger orders across markets (index
 * prices, liquidation checks, funding) may have changed any book: channels compare what they hold.
 */
export function touchedMarkets({ command, events }: AppliedCommand): Set<string> | typeof ANY_MARKET {
  if (command.type === 'SetIndexPrice' || command.type === 'CheckLiquidations' || command.type === 'SettleFunding') {
    return ANY_MARKET;
  }
  const touched = new Set<string>();
  if ('market' in command && typeof command.market === 'string') touched.add(command.market);
  for (const e of events) {
    if (e.type === 'TradeExecuted' || e.type === 'StopActivated') touched.add(e.market);
    else if (e.type === 'OrderFinished') touched.add(e.order.market);
  }
  return touched;
}
