import type { Theme } from '../ui/theme.js';
import { CandleChart } from './CandleChart.js';
import { MarketList, type MarketInfo } from './MarketList.js';
import { OrderBook } from './OrderBook.js';
import { PerpetualInfo } from './PerpetualInfo.js';
import { Trades } from './Trades.js';

/** What anyone sees without logging in: markets, the live book, trades and candles. */
export function MarketView({
  markets,
  market,
  onSelect,
  theme,
}: {
  markets: readonly MarketInfo[];
  market: MarketInfo;
  onSelect: (market: string) => void;
  theme: Theme;
}) {
  return (
    <div className="grid market-view">
      <MarketList markets={markets} selected={market.name} onSelect={onSelect} />
      <CandleChart market={market.name} precision={Number(market.moneyPrec)} theme={theme} />
      <OrderBook market={market.name} />
      <Trades market={market.name} />
      {market.type === 'futures' && <PerpetualInfo market={market.name} precision={Number(market.moneyPrec)} />}
    </div>
  );
}
