import { randomUUID } from 'node:crypto';
import { parseUnits, type AccountKind, type Command } from '@txc/core';
import { PERMISSIONS } from '@txc/sdk';
import { SecretBox } from '../secrets/secret-box.js';
import { CREDENTIALS_CONTEXT, CREDENTIALS_META } from './stored-credentials.js';
import type { Venue } from '../venue/venue.js';
import { demoMiningAccounts } from './mining-seed.js';
import { marketsAndLiquidity } from './market-seed.js';
import { lendingPool, perpetualLiquidity } from './collateral-seed.js';
import type { SeedStep } from './seed-step.js';

/** The demo venue's users and funds (demo-seed.md). Amounts in whole units. */
const FUNDING: Record<
  string,
  { main: Record<string, string>; spot?: Record<string, string>; collateral?: Record<string, string> }
> = {
  demo: {
    main: {
      BTC: '10',
      ETH: '100',
      USDT: '1000000',
      XRP: '10000',
      USD: '10000',
      EUR: '10000',
      UAH: '100000',
      USD_VISAMASTER: '1000',
      EUR_VISAMASTER: '1000',
      UAH_IBAN: '10000',
    },
    spot: { BTC: '1', ETH: '10', USDT: '100000' },
    collateral: { USDT: '100000' },
  },
  maker: {
    main: { BTC: '100', ETH: '1000', USDT: '10000000', XRP: '1000000' },
    spot: { BTC: '1000', ETH: '10000', USDT: '100000000', XRP: '10000000' },
    collateral: { USDT: '10000000' },
  },
  taker: {
    main: { BTC: '10', ETH: '100', USDT: '1000000', XRP: '100000' },
    spot: { BTC: '100', ETH: '1000', USDT: '10000000', XRP: '1000000' },
    collateral: { USDT: '1000000' },
  },
};
FUNDING.demo_eea = FUNDING.demo!;

const USERS: readonly { name: string; eea: boolean }[] = [
  { name: 'demo', eea: false },
  { name: 'demo_eea', eea: true },
  { name: 'maker', eea: false },
  { name: 'taker', eea: false },
];

export interface DemoKeys {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly eea: { readonly apiKey: string; readonly apiSecret: string };
}

function fundingCommands(venue: Venue, user: string): Command[] {
  const f = FUNDING[user];
  if (f === undefined) return [];
  const commands: Command[] = [];
  const total = new Map<string, bigint>();
  const moves: { ticker: string; to: AccountKind; amount: bigint }[] = [];
  const units = (ticker: string, whole: string): bigint => {
    const asset = venue.state.assets.get(ticker);
    const v = asset === undefined ? undefined : parseUnits(whole, asset.precision);
    if (v === undefined) throw new Error(`demo funding: bad ${ticker} amount ${whole}`);
    return v;
  };
  const add = (ticker: string, amount: bigint): void => {
    total.set(ticker, (total.get(ticker) ?? 0n) + amount);
  };
  for (const [t, a] of Object.entries(f.main)) add(t, units(t, a));
  for (const [to, part] of [
    ['spot', f.spot],
    ['collateral', f.collateral],
  ] as const) {
    for (const [t, a] of Object.entries(part ?? {})) {
      const amount = units(t, a);
      add(t, amount);
      moves.push({ ticker: t, to, amount });
    }
  }
  for (const [ticker, amount] of total) {
    commands.push({
      type: 'CreditDeposit',
      transactionId: randomUUID(),
      user,
      ticker,
      amount,
      network: null,
      txid: `demo-seed:${user}:${ticker}`,
      address: null,
      memo: null,
    });
  }
  for (const m of moves)
    commands.push({ type: 'Transfer', user, ticker: m.ticker, amount: m.amount, from: 'main', to: m.to });
  return commands;
}

function refusedOf(values: unknown[]): string | undefined {
  for (const v of values) {
    const result = (v as { result?: { ok: boolean; rejection?: { reason: string } } } | undefined)?.result;
    if (result !== undefined && !result.ok) return result.rejection?.reason;
  }
  return undefined;
}

const usersAndFunds: SeedStep = {
  name: 'users-and-funds',
  run(venue) {
    const pending: Promise<unknown>[] = [];
    for (const u of USERS) {
      if (!venue.state.users.has(u.name)) pending.push(venue.submit({ type: 'CreateUser', name: u.name, eea: u.eea }));
    }
    for (const u of USERS) for (const cmd of fundingCommands(venue, u.name)) pending.push(venue.submit(cmd));
    pending.push(...issueDemoKeys(venue).durable);
    return pending;
  },
};

/** New keys for the demo users, kept (sealed) in the store as the demo credentials. */
function issueDemoKeys(venue: Venue): { keys: DemoKeys; durable: Promise<unknown>[] } {
  const k1 = venue.createApiKey('demo', PERMISSIONS, []);
  const k2 = venue.createApiKey('demo_eea', PERMISSIONS, []);
  const keys: DemoKeys = {
    apiKey: k1.record.apiKey,
    apiSecret: k1.secret,
    eea: { apiKey: k2.record.apiKey, apiSecret: k2.secret },
  };
  const stored = venue.setMeta(CREDENTIALS_META, venue.secrets.seal(JSON.stringify(keys), CREDENTIALS_CONTEXT));
  return { keys, durable: [k1.durable, k2.durable, stored] };
}

/** Every step of the demo seed, in order. */
export const SEED_STEPS: readonly SeedStep[] = [
  usersAndFunds,
  demoMiningAccounts,
  marketsAndLiquidity,
  lendingPool,
  perpetualLiquidity,
];

/** The demo keys, and whether they were issued anew at this start in place of keys a lost master key took. */
export interface SeededDemo {
  readonly keys: DemoKeys;
  readonly reissued: boolean;
}

/** Seeds what the demo venue still lacks and returns the demo keys, whether seeded now or earlier. */
export async function seedDemo(venue: Venue, steps: readonly SeedStep[] = SEED_STEPS): Promise<SeededDemo> {
  for (const step of steps) {
    const marker = `demo.seed.${step.name}`;
    if ((await venue.store.getMeta(marker)) !== undefined) continue;
    const pending = venue.inOneCommit(() => {
      const submitted = step.run(venue);
      submitted.push(venue.setMeta(marker, new Date(venue.clock.nowMs()).toISOString()));
      return submitted;
    });
    const refused = refusedOf(await Promise.all(pending));
    if (refused !== undefined) throw new Error(`demo seed step ${step.name} refused: ${refused}`);
  }
  const stored = await venue.store.getMeta(CREDENTIALS_META);
  if (stored === undefined) throw new Error('demo credentials missing from the store');
  if (SecretBox.isSealed(stored)) {
    const keys = JSON.parse(venue.secrets.open(stored, CREDENTIALS_CONTEXT)) as DemoKeys | null;
    if (keys !== null) return { keys, reissued: false };
    // dropped with the lost master key that sealed them (txc master-key forget): the demo users get new ones
    const issued = venue.inOneCommit(() => issueDemoKeys(venue));
    await Promise.all(issued.durable);
    return { keys: issued.keys, reissued: true };
  }
  // Seeded before secrets were sealed at rest: the same keys, sealed from now on.
  await venue.setMeta(CREDENTIALS_META, venue.secrets.seal(stored, CREDENTIALS_CONTEXT));
  return { keys: JSON.parse(stored) as DemoKeys, reissued: false };
}
