import { readFileSync } from 'node:fs';
import {
  encodeJson,
  LEVERAGES,
  parseUnits,
  rateFromDecimal,
  rateFromPercent,
  RATE_SCALE,
  type AmountLimits,
  type AssetSpec,
  type FeeSpec,
  type MarginTerms,
  type MarketSpec,
  type NetworkSpec,
  type State,
} from '@txc/core';
import { Type, type Static } from 'typebox';
import { Check, Errors } from 'typebox/schema';
import { CHAIN_FAMILIES } from '../wallet/chains/index.js';
import type { Venue } from './venue.js';
import { venueFileRefusal } from './venue-file-refusal.js';

/**
 * A venue definition: its assets and markets, as an operator writes them (decimal strings, fee
 * percents). Applied at start-up; an asset or market that changed is redefined through the engine.
 */
const Precision = Type.Integer({ minimum: 0, maximum: 18 });
const Decimal = Type.String({ pattern: '^(0|[1-9][0-9]*)(\\.[0-9]+)?$' });

/** Amounts in whole units of the asset; a fee's `flex.percent` is a percent ("1.5"); maxFee "0": no cap. */
const FeeEntry = Type.Object({
  fixed: Type.Optional(Decimal),
  flex: Type.Optional(Type.Object({ percent: Decimal, minFee: Decimal, maxFee: Decimal })),
});

/** Limits in whole units; an absent or "0" bound is no bound. */
const NetworkEntry = Type.Object({
  name: Type.String({ pattern: '^[A-Z0-9_]{1,32}$' }),
  /** Crypto: the chain family (address format and key derivation). Absent for fiat providers. */
  chain: Type.Optional(Type.String()),
  canDeposit: Type.Optional(Type.Boolean()),
  canWithdraw: Type.Optional(Type.Boolean()),
  confirmations: Type.Optional(Type.Integer({ minimum: 0 })),
  deposit: Type.Optional(
    Type.Object({ min: Type.Optional(Decimal), max: Type.Optional(Decimal), fee: Type.Optional(FeeEntry) }),
  ),
  withdraw: Type.Optional(
    Type.Object({
      min: Type.Optional(Decimal),
      max: Type.Optional(Decimal),
      /** Fiat providers: the maximum when the request sets partialEnable. */
      partialMax: Type.Optional(Decimal),
      fee: Type.Optional(FeeEntry),
      /** Request fields the provider needs with each withdrawal. */
      requires: Type.Optional(Type.Array(Type.Union([Type.Literal('customerIp'), Type.Literal('bankBic')]))),
    }),
  ),
});

const AssetEntry = Type.Object({
  ticker: Type.String({ pattern: '^[A-Z0-9_]{1,32}$' }),
  name: Type.String({ minLength: 1 }),
  precision: Precision,
  kind: Type.Union([Type.Literal('crypto'), Type.Literal('fiat')]),
  canDeposit: Type.Boolean(),
  canWithdraw: Type.Boolean(),
  /** CoinMarketCap id (`unified_cryptoasset_id`). */
  cmcId: Type.Optional(Type.Integer({ minimum: 0 })),
  makerFee: Type.Optional(Decimal),
  takerFee: Type.Optional(Decimal),
  memo: Type.Optional(Type.Object({ deposit: Type.Boolean(), withdraw: Type.Boolean() })),
  /** Crypto: its networks; fiat: its payment providers. */
  networks: Type.Optional(Type.Array(NetworkEntry)),
  defaultNetwork: Type.Optional(Type.String()),
  /** Withdrawals must carry a `beneficiary`. */
  beneficiaryRequired: Type.Optional(Type.Boolean()),
});

const SignedDecimal = Type.String({ pattern: '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$' });

/**
 * Collateral trading on a market: its maximum leverage; brackets (leverage → the largest position
 * in whole USDT at that leverage, 0 for no cap); the maintenance margin in percent by leverage (a
 * position at leverage L pays the rate of the smallest key ≥ L); the daily borrow interest per asset
 * in percent; perpetuals' funding interval, the bounds of the funding rate and the interest
 * component added to its average premium per interval (decimal fractions, e.g. "0.0003"; interest 0
 * when absent).
 */
const MarginEntry = Type.Object({
  maxLeverage: Type.Integer({ minimum: 1, maximum: 100 }),
  brackets: Type.Optional(Type.Record(Type.String({ pattern: '^[0-9]+$' }), Type.Integer({ minimum: 0 }))),
  maintenanceMargin: Type.Record(Type.String({ pattern: '^[0-9]+$' }), Decimal),
  borrowRates: Type.Optional(Type.Record(Type.String(), Decimal)),
  funding: Type.Optional(
    Type.Object({
      intervalMinutes: Type.Integer({ minimum: 1 }),
      cap: SignedDecimal,
      floor: SignedDecimal,
      interest: Type.Optional(SignedDecimal),
    }),
  ),
});

const MarketEntry = Type.Object({
  name: Type.String({ pattern: '^[A-Z0-9]{1,32}_[A-Z0-9]{1,32}$' }),
  stock: Type.String(),
  money: Type.String(),
  type: Type.Union([Type.Literal('spot'), Type.Literal('futures')]),
  stockPrec: Precision,
  moneyPrec: Precision,
  feePrec: Precision,
  makerFee: Decimal,
  takerFee: Decimal,
  minAmount: Decimal,
  minTotal: Decimal,
  maxTotal: Decimal,
  tradesEnabled: Type.Boolean(),
  isCollateral: Type.Boolean(),
  margin: Type.Optional(MarginEntry),
});

export const VenueFileSchema = Type.Object({
  assets: Type.Array(AssetEntry),
  markets: Type.Array(MarketEntry),
});

export type VenueFile = Static<typeof VenueFileSchema>;

export class VenueFileError extends Error {
  override readonly name = 'VenueFileError';
}

export function readVenueFile(path: string): VenueFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new VenueFileError(`cannot read venue file ${path}: ${(e as Error).message}`);
  }
  if (!Check(VenueFileSchema, raw)) {
    const [, errors] = Errors(VenueFileSchema, raw);
    const problems = errors.slice(0, 5).map((e) => `${e.instancePath} ${e.message}`);
    throw new VenueFileError(`invalid venue file ${path}: ${problems.join('; ')}`);
  }
  // a name given twice would be defined twice, the second over the first (assets and markets apart)
  const repeated = (names: string[]): string[] => names.filter((name, i) => names.indexOf(name) !== i);
  const twice = [
    ...new Set([...repeated(raw.assets.map((a) => a.ticker)), ...repeated(raw.markets.map((m) => m.name))]),
  ];
  if (twice.length > 0) throw new VenueFileError(`invalid venue file ${path}: ${twice.join(', ')} listed twice`);
  return raw;
}

function units(text: string, scale: number, what: string): bigint {
  const v = parseUnits(text, scale);
  if (v === undefined) throw new VenueFileError(`${what}: ${text} has more than ${scale} decimal places`);
  return v;
}

type AssetEntryOf = VenueFile['assets'][number];
type NetworkEntryOf = NonNullable<AssetEntryOf['networks']>[number];
type FeeEntryOf = Static<typeof FeeEntry>;

function toFee(entry: FeeEntryOf | undefined, precision: number, what: string): FeeSpec {
  if (entry === undefined) return { fixed: null, flex: null };
  const fixed = entry.fixed === undefined ? null : units(entry.fixed, precision, `${what} fixed`);
  if (entry.flex === undefined) return { fixed, flex: null };
  const rate = rateFromPercent(entry.flex.percent);
  if (rate === undefined) throw new VenueFileError(`${what}: bad flex percent ${entry.flex.percent}`);
  const min = units(entry.flex.minFee, precision, `${what} minFee`);
  const max = units(entry.flex.maxFee, precision, `${what} maxFee`);
  if (max > 0n && min > max) throw new VenueFileError(`${what}: minFee is above maxFee`);
  return { fixed, flex: { rate, min, max } };
}

function toLimits(entry: { min?: string; max?: string } | undefined, precision: number, what: string): AmountLimits {
  const min = entry?.min === undefined ? 0n : units(entry.min, precision, `${what} min`);
  const max = entry?.max === undefined ? 0n : units(entry.max, precision, `${what} max`);
  if (max > 0n && min > max) throw new VenueFileError(`${what}: min is above max`);
  return { min, max };
}

function toNetwork(a: AssetEntryOf, n: NetworkEntryOf): NetworkSpec {
  const what = `asset ${a.ticker} network ${n.name}`;
  if (a.kind === 'crypto') {
    const family = n.chain === undefined ? undefined : CHAIN_FAMILIES.get(n.chain);
    if (family === undefined) {
      throw new VenueFileError(`${what}: chain must be one of ${[...CHAIN_FAMILIES.keys()].join(', ')}`);
    }
    if (a.memo?.deposit === true && !family.sharedAddress) {
      throw new VenueFileError(`${what}: memo deposits need a chain with a shared deposit address`);
    }
  } else if (n.chain !== undefined) {
    throw new VenueFileError(`${what}: a fiat provider has no chain`);
  }
  const withdraw = toLimits(n.withdraw, a.precision, `${what} withdraw`);
  const partialWithdrawMax =
    n.withdraw?.partialMax === undefined ? 0n : units(n.withdraw.partialMax, a.precision, `${what} partialMax`);
  if (partialWithdrawMax > 0n && (a.kind !== 'fiat' || (withdraw.max > 0n && partialWithdrawMax < withdraw.max))) {
    throw new VenueFileError(`${what}: partialMax is for fiat providers and must not be below max`);
  }
  return {
    name: n.name,
    chain: n.chain ?? null,
    canDeposit: n.canDeposit ?? true,
    canWithdraw: n.canWithdraw ?? true,
    deposit: toLimits(n.deposit, a.precision, `${what} deposit`),
    withdraw,
    partialWithdrawMax,
    confirmations: n.confirmations ?? null,
    depositFee: toFee(n.deposit?.fee, a.precision, `${what} deposit fee`),
    withdrawFee: toFee(n.withdraw?.fee, a.precision, `${what} withdraw fee`),
    // left out when empty, so that a network without any reads as it did before the field existed
    ...(n.withdraw?.requires === undefined || n.withdraw.requires.length === 0
      ? {}
      : { withdrawalRequires: [...new Set(n.withdraw.requires)] }),
  };
}

function percentRate(text: string | undefined, what: string): bigint {
  if (text === undefined) return 0n;
  const r = rateFromPercent(text);
  if (r === undefined) throw new VenueFileError(`${what}: bad percent ${text}`);
  return r;
}

export function toAssetSpecs(file: VenueFile): AssetSpec[] {
  return file.assets.map((a) => {
    const networks = (a.networks ?? []).map((n) => toNetwork(a, n));
    if (new Set(networks.map((n) => n.name)).size !== networks.length) {
      throw new VenueFileError(`asset ${a.ticker}: network names repeat`);
    }
    const defaultNetwork = a.defaultNetwork ?? null;
    if (defaultNetwork !== null && !networks.some((n) => n.name === defaultNetwork)) {
      throw new VenueFileError(`asset ${a.ticker}: default network ${defaultNetwork} is not one of its networks`);
    }
    return {
      ticker: a.ticker,
      name: a.name,
      precision: a.precision,
      kind: a.kind,
      canDeposit: a.canDeposit,
      canWithdraw: a.canWithdraw,
      cmcId: a.cmcId ?? 0,
      makerFee: percentRate(a.makerFee, `asset ${a.ticker} makerFee`),
      takerFee: percentRate(a.takerFee, `asset ${a.ticker} takerFee`),
      memo: a.memo ?? { deposit: false, withdraw: false },
      networks,
      defaultNetwork,
      beneficiaryRequired: a.beneficiaryRequired ?? false,
    };
  });
}

type MarketEntryOf = VenueFile['markets'][number];

function toMarginTerms(m: MarketEntryOf): MarginTerms | undefined {
  const e = m.margin;
  if (e === undefined) return undefined;
  const what = `market ${m.name} margin`;
  if (!m.isCollateral) throw new VenueFileError(`${what}: only collateral markets have margin terms`);
  const brackets = Object.entries(e.brackets ?? {})
    .map(([k, v]) => ({ leverage: Number(k), maxPosition: BigInt(v) }))
    .sort((a, b) => a.leverage - b.leverage);
  for (const b of brackets) {
    if (!LEVERAGES.includes(b.leverage))
      throw new VenueFileError(`${what}: bracket leverage ${b.leverage} is not one of ${LEVERAGES.join(', ')}`);
  }
  if (!LEVERAGES.includes(e.maxLeverage))
    throw new VenueFileError(`${what}: maxLeverage must be one of ${LEVERAGES.join(', ')}`);
  const maintenanceRates = Object.entries(e.maintenanceMargin)
    .map(([k, v]) => ({ leverage: Number(k), rate: percentRate(v, `${what} maintenanceMargin at ${k}`) }))
    .sort((a, b) => a.leverage - b.leverage);
  if (maintenanceRates.length === 0) throw new VenueFileError(`${what}: maintenanceMargin needs a rate`);
  for (const r of maintenanceRates) {
    // below maintenance from the start: initial margin 1/L must exceed the rate
    if (r.rate * BigInt(r.leverage) >= RATE_SCALE) {
      throw new VenueFileError(`${what}: maintenance margin at ${r.leverage}× must stay below 1/${r.leverage}`);
    }
  }
  const borrowRates = Object.entries(e.borrowRates ?? {})
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ticker, text]) => {
      if (ticker !== m.money && ticker !== m.stock)
        throw new VenueFileError(`${what}: ${ticker} is not an asset of the market`);
      return { ticker, dailyRate: percentRate(text, `${what} borrow rate of ${ticker}`) };
    });
  let funding: MarginTerms['funding'] = null;
  if (e.funding !== undefined) {
    if (m.type !== 'futures') throw new VenueFileError(`${what}: only perpetuals have funding`);
    const cap = rateFromDecimal(e.funding.cap);
    const floor = rateFromDecimal(e.funding.floor);
    const interest = rateFromDecimal(e.funding.interest ?? '0');
    if (cap === undefined || floor === undefined || floor > cap) {
      throw new VenueFileError(`${what}: funding floor and cap must be decimal fractions, floor ≤ cap`);
    }
    if (interest === undefined) throw new VenueFileError(`${what}: funding interest must be a decimal fraction`);
    funding = { intervalMinutes: e.funding.intervalMinutes, cap, floor, interest };
  }
  return {
    maxLeverage: e.maxLeverage,
    brackets,
    maintenanceRates,
    borrowRates,
    funding,
  };
}

export function toMarketSpecs(file: VenueFile): MarketSpec[] {
  const precisionOf = new Map(file.assets.map((a) => [a.ticker, a.precision]));
  return file.markets.map((m) => {
    const moneyPrecision = precisionOf.get(m.money);
    if (moneyPrecision === undefined) throw new VenueFileError(`market ${m.name}: unknown money asset ${m.money}`);
    const fee = (text: string, what: string): bigint => {
      const r = rateFromPercent(text);
      if (r === undefined) throw new VenueFileError(`market ${m.name}: bad ${what} ${text}`);
      return r;
    };
    return {
      name: m.name,
      stock: m.stock,
      money: m.money,
      type: m.type,
      stockPrec: m.stockPrec,
      moneyPrec: m.moneyPrec,
      feePrec: m.feePrec,
      makerFee: fee(m.makerFee, 'makerFee'),
      takerFee: fee(m.takerFee, 'takerFee'),
      minAmount: units(m.minAmount, m.stockPrec, `market ${m.name} minAmount`),
      minTotal: units(m.minTotal, moneyPrecision, `market ${m.name} minTotal`),
      maxTotal: units(m.maxTotal, moneyPrecision, `market ${m.name} maxTotal`),
      tradesEnabled: m.tradesEnabled,
      isCollateral: m.isCollateral,
      ...(m.margin === undefined ? {} : { margin: toMarginTerms(m) }),
    };
  });
}

function same(a: unknown, b: unknown): boolean {
  return encodeJson(a) === encodeJson(b);
}

/**
 * Defines every asset and market of the file that the state lacks or holds differently; a file the
 * state cannot take in full is refused before any of it is applied.
 */
export async function applyVenueFile(venue: Venue, file: VenueFile): Promise<number> {
  const state: State = venue.state;
  const assets = toAssetSpecs(file).filter((asset) => !same(state.assets.get(asset.ticker), asset));
  const markets = toMarketSpecs(file).filter((market) => !same(state.markets.get(market.name), market));
  const refusal = venueFileRefusal(state, assets, markets);
  if (refusal !== undefined) throw new VenueFileError(`venue definition refused: ${refusal}`);
  const pending: Promise<unknown>[] = [
    ...assets.map((asset) => venue.submit({ type: 'DefineAsset', asset })),
    ...markets.map((market) => venue.submit({ type: 'DefineMarket', market })),
  ];
  const outcomes = (await Promise.all(pending)) as { result: { ok: boolean; rejection?: { reason: string } } }[];
  const refused = outcomes.find((o) => !o.result.ok);
  if (refused !== undefined) throw new VenueFileError(`venue definition refused: ${refused.result.rejection?.reason}`);
  return pending.length;
}
