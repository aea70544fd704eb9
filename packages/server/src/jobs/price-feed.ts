import { readFileSync } from 'node:fs';
import { rateFromDecimal, type State } from '@txc/core';
import { IndexWalk } from './index-walk.js';
import type { Config } from '../config/schema.js';
import type { Job } from './job.js';
import { parsePriceCsv, PriceFileError, type PriceRow } from './price-csv.js';

/** What `--price-feed` names: none (`static`), a seeded random walk, or a file replayed. */
export type PriceFeed =
  { readonly kind: 'static' } | { readonly kind: 'random' } | { readonly kind: 'file'; readonly path: string };

export function priceFeedOf(config: Config): PriceFeed {
  const text = config.priceFeed ?? (config.simulate ? 'random' : 'static');
  if (text.startsWith('file:')) return { kind: 'file', path: text.slice('file:'.length) };
  return text === 'random' ? { kind: 'random' } : { kind: 'static' };
}

/** The assets whose index the walk moves: the stocks of the markets, in name order (the quote asset stays the unit). */
function walkingTickers(state: State): string[] {
  const stocks = new Set<string>();
  for (const m of state.markets.values()) if (state.trading.indexPrices.has(m.stock)) stocks.add(m.stock);
  return [...stocks].sort();
}

/** Every interval, each stock's index takes a step of the seeded walk (the times follow the clock). */
function randomWalk(config: Config): Job {
  const options = config.priceFeedOptions;
  const step = rateFromDecimal(options.step) ?? 0n;
  return {
    name: 'price-feed-random',
    start({ venue, log, simulator }) {
      const walk = new IndexWalk(config.seed ?? options.seed, step);
      let running: Promise<void> = Promise.resolve();
      const move = async (): Promise<void> => {
        if (!venue.writable) return;
        for (const ticker of walkingTickers(venue.state)) {
          const price = venue.state.trading.indexPrices.get(ticker);
          if (price === undefined) continue;
          const next = walk.next(price, simulator?.volatilityOf(ticker));
          if (next !== price) await venue.submit({ type: 'SetIndexPrice', ticker, price: next });
        }
      };
      const timer = setInterval(() => {
        running = running.then(move).catch((error: unknown) => log.warn({ err: error }, 'price feed step failed'));
      }, options.intervalMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}

/**
 * Replays a price file: the first row lands at once, each next one after the time between their
 * timestamps (divided by `speed`). Every ticker must be an asset of the venue; the job ends with the file.
 */
function fileReplay(config: Config, path: string): Job {
  let rows: PriceRow[];
  try {
    rows = parsePriceCsv(readFileSync(path, 'utf8'));
  } catch (e) {
    if (e instanceof PriceFileError) throw new PriceFileError(`price file ${path}: ${e.message}`);
    throw new PriceFileError(`cannot read price file ${path}: ${(e as Error).message}`);
  }
  const speed = config.priceFeedOptions.speed;
  return {
    name: 'price-feed-file',
    start({ venue, log }) {
      const unknown = [...new Set(rows.map((r) => r.ticker))].filter((t) => !venue.state.assets.has(t));
      if (unknown.length > 0) throw new PriceFileError(`price file ${path}: unknown tickers ${unknown.join(', ')}`);
      const started = venue.clock.nowMs();
      const origin = (rows[0] as PriceRow).at;
      let next = 0;
      let timer: NodeJS.Timeout | undefined;
      let stopped = false;
      let running: Promise<void> = Promise.resolve();
      const land = async (): Promise<void> => {
        const elapsed = (venue.clock.nowMs() - started) * speed;
        while (next < rows.length && (rows[next] as PriceRow).at - origin <= elapsed) {
          const row = rows[next++] as PriceRow;
          const { result } = await venue.submit({ type: 'SetIndexPrice', ticker: row.ticker, price: row.price });
          if (!result.ok) log.warn({ ticker: row.ticker, reason: result.rejection.reason }, 'price feed row refused');
        }
        if (next >= rows.length) {
          log.info({ path, rows: rows.length }, 'price feed file replayed');
          return;
        }
        const wait = ((rows[next] as PriceRow).at - origin) / speed - (venue.clock.nowMs() - started);
        if (!stopped) timer = setTimeout(tick, Math.max(0, Math.ceil(wait)));
      };
      const tick = (): void => {
        running = running.then(land).catch((error: unknown) => {
          log.warn({ err: error }, 'price feed step failed; retrying');
          if (!stopped) timer = setTimeout(tick, 1000);
        });
      };
      tick();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        await running;
      };
    },
  };
}

/** The job of the configured price feed; none for `static`. Throws at once on an unreadable file. */
export function priceFeedJob(config: Config): Job | undefined {
  const feed = priceFeedOf(config);
  if (feed.kind === 'random') return randomWalk(config);
  if (feed.kind === 'file') return fileReplay(config, feed.path);
  return undefined;
}
