import { INDEX_PRICE_DECIMALS, parseUnits } from '@txc/core';

/** One row of a price file: when (Unix milliseconds), which asset, its index price in USDT (over 10^18). */
export interface PriceRow {
  readonly at: number;
  readonly ticker: string;
  readonly price: bigint;
}

export class PriceFileError extends Error {
  override readonly name = 'PriceFileError';
}

/** Timestamps of 12 digits or more are milliseconds; shorter ones are seconds. */
const MILLISECONDS_FROM = 100_000_000_000;

/**
 * Parses `timestamp,ticker,price` lines (an optional header line, blank lines and `#` comments
 * allowed), sorted by time, stable for equal times. Prices are plain positive decimals; every
 * problem names its line.
 */
export function parsePriceCsv(text: string): PriceRow[] {
  const rows: PriceRow[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const fields = line.split(',').map((f) => f.trim());
    if (rows.length === 0 && i === lines.findIndex((l) => l.trim() !== '') && !/^[0-9]/.test(fields[0] ?? '')) return;
    const where = `line ${i + 1}`;
    if (fields.length !== 3) throw new PriceFileError(`${where}: expected timestamp,ticker,price`);
    const [stamp, ticker, priceText] = fields as [string, string, string];
    if (!/^[0-9]{1,16}$/.test(stamp))
      throw new PriceFileError(`${where}: timestamp must be Unix seconds or milliseconds`);
    const n = Number(stamp);
    const at = n >= MILLISECONDS_FROM ? n : n * 1000;
    if (!/^[A-Z0-9_]{1,32}$/.test(ticker)) throw new PriceFileError(`${where}: bad ticker ${ticker}`);
    const price = parseUnits(priceText, INDEX_PRICE_DECIMALS);
    if (price === undefined || price <= 0n) {
      throw new PriceFileError(
        `${where}: price must be a positive decimal with at most ${INDEX_PRICE_DECIMALS} places`,
      );
    }
    rows.push({ at, ticker, price });
  });
  if (rows.length === 0) throw new PriceFileError('no prices in the file');
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.at - b.r.at || a.i - b.i)
    .map(({ r }) => r);
}
