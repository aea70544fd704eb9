import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { TxcError, type ErrorName, type TxcClient } from '@txc/sdk';
import type { Config } from '../../src/config/schema.js';
import { DEMO_WALLET_CHAINS } from '../../src/wallet/demo-wallet-keys.js';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { TestServer } from './test-server.js';

/**
 * The demo venue plus assets that exercise corners the demo lacks: several networks and no
 * default (MULTI), a fee above the minimum (FEEY), withdrawals disabled alone (NOWD).
 */
function walletVenueFile(): string {
  const venue = JSON.parse(readFileSync(DEMO_VENUE_FILE, 'utf8')) as { assets: unknown[] };
  const crypto = { precision: 6, kind: 'crypto', canDeposit: true, canWithdraw: true };
  venue.assets.push(
    {
      ticker: 'MULTI',
      name: 'Multi',
      ...crypto,
      networks: [
        { name: 'ERC20', chain: 'ethereum' },
        { name: 'TRC20', chain: 'tron' },
      ],
    },
    {
      ticker: 'FEEY',
      name: 'Feey',
      ...crypto,
      networks: [{ name: 'ERC20', chain: 'ethereum', withdraw: { fee: { fixed: '5' } } }],
    },
    {
      ticker: 'NOWD',
      name: 'No Withdrawals',
      ...crypto,
      canWithdraw: false,
      networks: [{ name: 'ERC20', chain: 'ethereum' }],
    },
  );
  const path = join(mkdtempSync(join(tmpdir(), 'txc-venue-')), 'venue.json');
  writeFileSync(path, JSON.stringify(venue));
  return path;
}

/** A test server whose wallet derives from the public demo keys. */
export function startWalletServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  return TestServer.start({
    venue: walletVenueFile(),
    wallet: { chains: DEMO_WALLET_CHAINS, addressesPerNetwork: 3, withdrawalDelayMs: 10_000 },
    ...overrides,
  });
}

/** Asserts a private error answer exactly: status and body. */
export async function rejectsWith(
  work: Promise<unknown>,
  status: number,
  body: unknown,
  kind?: ErrorName,
): Promise<void> {
  await assert.rejects(work, (e: unknown) => {
    assert.ok(e instanceof TxcError, String(e));
    assert.deepEqual({ status: e.status, body: e.body }, { status, body });
    if (kind !== undefined) assert.equal(e.kind, kind);
    return true;
  });
}

export function validation(errors: Record<string, string[]>): unknown {
  return { code: 0, message: 'Validation failed', errors };
}

export function inner(code: number, errors: Record<string, string[]>): unknown {
  return { code, message: 'Inner validation failed', errors };
}

/** External destinations of each chain, valid with their checksums. */
export const ADDRESSES = {
  bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  ethereum: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  xrp: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
} as const;

export async function balance(client: TxcClient, ticker: string): Promise<string> {
  return (await client.mainBalance(ticker)).main_balance;
}
