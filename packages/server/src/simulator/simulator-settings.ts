import { formatUnits, parseUnits, RATE_SCALE, rateFromDecimal, type State } from '@txc/core';
import { AdminError, record, requiredString } from '../admin/admin-input.js';
import type { Config } from '../config/schema.js';
import { DEMO_LADDER, PER_MILLION, type LadderShape } from '../demo/maker-ladder.js';

/** How the simulator runs one market: the maker's book, the takers' pace, the index's walk. */
export interface MarketSimulation {
  /** The maker's ladder: the spread between its best bid and ask is twice `step`. */
  readonly ladder: LadderShape;
  /** Market orders of the `taker` per minute; 0 stops them. */
  readonly tradesPerMinute: number;
}

/** What `GET`/`POST /admin/v1/simulator` show of a market. */
export interface MarketSimulationView {
  readonly market: string;
  /** The spread between the best bid and ask around the index, as a fraction of it. */
  readonly spread: string;
  /** Orders a side. */
  readonly depth: number;
  readonly tradesPerMinute: number;
  /** The largest move of one step of the stock's index walk, as a fraction of the price. */
  readonly volatility: string;
}

/** The defaults of every market: the demo's book, a trade every two seconds. */
export interface SimulatorDefaults {
  readonly tradesPerMinute: number;
  /** The walk's step, RATE_SCALE units. */
  readonly volatility: bigint;
}

const MAX_DEPTH = 50;
const MAX_TRADES_PER_MINUTE = 6000;
/** No level may reach half the index away from it (a bid would near zero). */
const MAX_REACH = PER_MILLION / 2n;
/** A walk step moves a price by at most a tenth of itself. */
const MAX_VOLATILITY = RATE_SCALE / 10n;

/**
 * The simulator's settings, per market (the walk's volatility per stock, shared by the markets that
 * trade it), changed live through the admin API. They live in the server's memory: a restart takes
 * the configured defaults again. Listeners hear which markets changed.
 */
export class SimulatorSettings {
  private readonly markets = new Map<string, MarketSimulation>();
  private readonly volatility = new Map<string, bigint>();
  private readonly listeners: ((market: string) => void)[] = [];

  constructor(private readonly defaults: SimulatorDefaults) {}

  of(market: string): MarketSimulation {
    return this.markets.get(market) ?? { ladder: DEMO_LADDER, tradesPerMinute: this.defaults.tradesPerMinute };
  }

  /** The walk's step for a ticker's index, RATE_SCALE units. */
  volatilityOf(ticker: string): bigint {
    return this.volatility.get(ticker) ?? this.defaults.volatility;
  }

  onChange(listener: (market: string) => void): void {
    this.listeners.push(listener);
  }

  view(state: State, market: string): MarketSimulationView {
    const spec = state.markets.get(market);
    const { ladder, tradesPerMinute } = this.of(market);
    return {
      market,
      spread: formatUnits(ladder.step * 2n, 6),
      depth: ladder.levels,
      tradesPerMinute,
      volatility: formatUnits(this.volatilityOf(spec?.stock ?? ''), 18),
    };
  }

  /** Every market open for trading, by name. */
  list(state: State): MarketSimulationView[] {
    return [...state.markets.values()]
      .filter((m) => m.tradesEnabled)
      .map((m) => m.name)
      .sort()
      .map((name) => this.view(state, name));
  }

  /**
   * `{market, spread?, depth?, tradesPerMinute?, volatility?}`: what is given changes, the rest
   * stays; every field is checked before anything changes.
   */
  update(state: State, input: unknown): MarketSimulationView {
    const body = record(input, ['market', 'spread', 'depth', 'tradesPerMinute', 'volatility']);
    const market = requiredString(body, 'market');
    const spec = state.markets.get(market);
    if (spec === undefined) throw new AdminError('adminBadRequest', `Unknown market ${market}.`);
    const current = this.of(market);
    const step = body.spread === undefined ? current.ladder.step : spreadStep(body.spread);
    const levels = body.depth === undefined ? current.ladder.levels : integer(body.depth, 'depth', 1, MAX_DEPTH);
    if (step * BigInt(levels) >= MAX_REACH) {
      throw new AdminError('adminBadRequest', 'spread × depth / 2 must stay below 0.5: the farthest bid would near 0.');
    }
    const tradesPerMinute =
      body.tradesPerMinute === undefined
        ? current.tradesPerMinute
        : integer(body.tradesPerMinute, 'tradesPerMinute', 0, MAX_TRADES_PER_MINUTE);
    const volatility = body.volatility === undefined ? undefined : volatilityOf(body.volatility);
    this.markets.set(market, { ladder: { step, levels }, tradesPerMinute });
    if (volatility !== undefined) this.volatility.set(spec.stock, volatility);
    for (const listener of this.listeners) listener(market);
    return this.view(state, market);
  }
}

function integer(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new AdminError('adminBadRequest', `${field} must be an integer from ${min} to ${max}.`);
  }
  return value;
}

/** The ladder's step from a spread: half of it, in millionths of the index. */
function spreadStep(value: unknown): bigint {
  const millionths = typeof value === 'string' ? parseUnits(value, 6) : undefined;
  if (millionths === undefined || millionths <= 0n || millionths % 2n !== 0n) {
    throw new AdminError(
      'adminBadRequest',
      'spread must be a decimal string above 0 in steps of 0.000002 (the best bid and ask sit half of it from the index).',
    );
  }
  return millionths / 2n;
}

function volatilityOf(value: unknown): bigint {
  const rate = typeof value === 'string' ? rateFromDecimal(value) : undefined;
  if (rate === undefined || rate < 0n || rate > MAX_VOLATILITY) {
    throw new AdminError('adminBadRequest', 'volatility must be a decimal string from 0 to 0.1.');
  }
  return rate;
}

/** The settings a server starts with: the configured pace and the price feed's step on every market. */
export function simulatorSettingsOf(config: Config): SimulatorSettings {
  return new SimulatorSettings({
    tradesPerMinute: config.simulation.tradesPerMinute,
    volatility: rateFromDecimal(config.priceFeedOptions.step) ?? 0n,
  });
}
