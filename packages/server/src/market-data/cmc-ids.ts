/** CoinMarketCap ids of the assets the ticker names (`base_id` / `quote_id`); 0 when unknown. */
const CMC_IDS: Readonly<Record<string, number>> = {
  BTC: 1,
  ETH: 1027,
  USDT: 825,
  XRP: 52,
  LUNC: 4172,
};

export function cmcId(ticker: string): number {
  return CMC_IDS[ticker] ?? 0;
}
