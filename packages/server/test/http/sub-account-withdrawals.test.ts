import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { ConfigError, loadConfig } from '../../src/config/load.js';
import { ManualClock } from '../support/manual-clock.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';
import { ADDRESSES, rejectsWith, validation } from '../support/wallet-server.js';

const P = '/api/v4/sub-account';
const PERMS = { spotEnabled: false, collateralEnabled: false };
const SECRET = 'kyc-shared-secret-0123456789';
const KYC_URL = 'https://kyc.example.com/verify/{id}?user={userId}&expires={expires}&token={token}';
const NOT_PERMITTED = {
  code: 0,
  message: 'Inner validation failed',
  errors: { error: ['Not permitted for sub-account'] },
};
const NO_SUCH_ID = validation({ id: ['validation.exists'] });
const NOT_THEIRS = { code: 422, message: "Transaction doesn't exist", errors: {} };
const WRONG_STATUS = { code: 422, message: 'Transaction has incorrect status', errors: {} };
const DAY_MS = 24 * 60 * 60 * 1000;

interface Held {
  id: string;
  subAccountId: string;
  currency: string;
  amount: string;
  createdAt: number;
}
type HeldList = { data: Held[]; limit: number; offset: number };
type HistoryRecord = Record<string, unknown> & { transactionId: string; status: number };

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await sleep(25);
  }
  assert.fail('the condition never held');
}

describe('sub-account withdrawals held for the main account, and the KYC link, through HTTP', () => {
  const clock = new ManualClock();
  let server: TestServer;
  let boss: TxcClient;
  let stranger: TxcClient;
  let desk: TxcClient;
  let deskId: string;

  async function keyOf(id: string): Promise<TxcClient> {
    const key = await server.admin('POST', `/admin/v1/users/${id}/api-keys`, {
      permissions: ['main-account', 'withdraw'],
    });
    assert.equal(key.status, 201);
    const { apiKey, apiSecret } = key.body as { apiKey: string; apiSecret: string };
    return server.client(apiKey, apiSecret);
  }
  const create = async (client: TxcClient, alias: string, extra: Record<string, unknown> = {}): Promise<string> =>
    (
      await client.privatePost<{ id: string }>(`${P}/create`, {
        alias,
        email: `${alias}@example.com`,
        permissions: PERMS,
        ...extra,
      })
    ).id;
  const move = (id: string, amount: string, direction = 'main_to_sub'): Promise<unknown> =>
    boss.privatePost(`${P}/transfer`, { id, ticker: 'BTC', amount, direction });
  const subBtc = async (id: string): Promise<string | undefined> =>
    (await boss.privatePost<Record<string, { main: string }[]>>(`${P}/balances`, { id, ticker: 'BTC' })).BTC?.[0]?.main;
  const list = (client: TxcClient, body: Record<string, unknown> = {}): Promise<HeldList> =>
    client.privatePost<HeldList>(`${P}/withdraw/unconfirmed-list`, body);
  const confirm = (client: TxcClient, id: unknown): Promise<unknown> =>
    client.privatePost(`${P}/withdraw/confirm`, { id });
  const history = async (uniqueId: string): Promise<HistoryRecord> => {
    const { records } = await desk.walletHistory({ uniqueId });
    assert.equal(records.length, 1);
    return records[0] as unknown as HistoryRecord;
  };
  const withdraw = (uniqueId: string, amount: string): Promise<unknown> =>
    desk.withdrawPay({ ticker: 'BTC', amount, address: ADDRESSES.bitcoin, uniqueId });

  before(async () => {
    server = await TestServer.start(
      { demo: true, subAccounts: { kycUrl: KYC_URL, kycUrlTtlSeconds: 1800, kycUrlSecret: SECRET } },
      undefined,
      { clock },
    );
    boss = (await server.user('boss', { deposits: { BTC: '2' } })).client;
    stranger = (await server.user('stranger', { deposits: { BTC: '1' } })).client;
    deskId = await create(boss, 'desk');
    await move(deskId, '1');
    desk = await keyOf(deskId);
  });
  after(() => server.stop());

  it('a sub-account withdrawal waits for the main account, moves nothing, and shows as unconfirmed (5)', async () => {
    assert.deepEqual(await withdraw('h-1', '0.1'), []);
    assert.equal(await subBtc(deskId), '1');
    const held = await history('h-1');
    assert.deepEqual(
      { status: held.status, amount: held.amount, fee: held.fee, confirmations: held.confirmations },
      { status: 5, amount: '0.1', fee: '0.0002', confirmations: undefined },
    );
    await withdraw('h-2', '0.2');
    const all = await list(boss);
    assert.deepEqual(
      all.data.map((w) => [w.subAccountId, w.currency, w.amount]),
      [
        [deskId, 'BTC', '0.2'],
        [deskId, 'BTC', '0.1'],
      ],
    );
    assert.deepEqual([all.limit, all.offset], [100, 0]);
    assert.equal(all.data[1]?.id, held.transactionId);
    assert.ok(Math.abs((all.data[1]?.createdAt ?? 0) - clock.nowMs() / 1000) < 5);
    const paged = await list(boss, { limit: 1, offset: '1', subAccountId: deskId });
    assert.deepEqual(paged, { data: [all.data[1]], limit: 1, offset: 1 });
    // another main account sees none of them, even naming the sub-account
    assert.deepEqual(await list(stranger, { subAccountId: deskId }), { data: [], limit: 100, offset: 0 });
    assert.deepEqual((await list(boss, { subAccountId: 'other' })).data, []);
  });

  it('only the main account key may list, confirm or ask for a KYC link', async () => {
    await rejectsWith(list(desk), 422, NOT_PERMITTED);
    await rejectsWith(confirm(desk, 'x'), 422, NOT_PERMITTED);
    await rejectsWith(desk.privatePost(`${P}/kyc-url`, { id: deskId }), 422, NOT_PERMITTED);
  });

  it('confirming sends money out: a main key without `withdraw` lists but does not confirm', async () => {
    const made = await server.admin('POST', '/admin/v1/users/boss/api-keys', { permissions: ['main-account'] });
    const { apiKey, apiSecret } = made.body as { apiKey: string; apiSecret: string };
    const lookout = server.client(apiKey, apiSecret);
    const [waiting] = (await list(lookout)).data;
    assert.ok(waiting !== undefined);
    await rejectsWith(confirm(lookout, waiting.id), 403, {
      code: 4,
      message: 'This API Key is not authorized to perform this action.',
      errors: {},
    });
    assert.equal((await list(boss)).data[0]?.id, waiting.id);
  });

  it('a confirmed withdrawal proceeds as any other: debited, pending (15), then paid; not confirmed twice', async () => {
    const id = (await history('h-1')).transactionId;
    assert.deepEqual(await confirm(boss, id), {});
    assert.equal(await subBtc(deskId), '0.8998');
    const pending = await history('h-1');
    assert.equal(pending.status, 15);
    assert.deepEqual(pending.confirmations, { actual: 0, required: 2 });
    assert.deepEqual(
      (await list(boss)).data.map((w) => w.amount),
      ['0.2'],
    );
    await rejectsWith(confirm(boss, id), 422, WRONG_STATUS);
    const done = await server.admin('POST', `/admin/v1/withdrawals/${id}/complete`, {
      transactionHash: 'a'.repeat(64),
    });
    assert.equal(done.status, 200);
    assert.equal((await history('h-1')).status, 3);
    await rejectsWith(confirm(boss, id), 422, WRONG_STATUS);
  });

  it('answers every documented refusal of confirm, and confirms once the funds are back', async () => {
    const id = (await history('h-2')).transactionId;
    await rejectsWith(
      boss.privatePost(`${P}/withdraw/confirm`, {}),
      400,
      validation({ id: ['The id field is required.'] }),
    );
    await rejectsWith(confirm(boss, 'f47ac10b-58cc-4372-a567-0e02b2c3d479'), 400, NO_SUCH_ID);
    await rejectsWith(confirm(stranger, id), 422, NOT_THEIRS);
    // the main account's own withdrawal is not a sub-account's
    await boss.withdrawPay({ ticker: 'BTC', amount: '0.01', address: ADDRESSES.bitcoin, uniqueId: 'own' });
    const own = (await boss.walletHistory({ uniqueId: 'own' })).records[0] as unknown as HistoryRecord;
    assert.equal(own.status, 15, 'a main account withdrawal is not held');
    await rejectsWith(confirm(boss, own.transactionId), 422, NOT_THEIRS);

    // funds are checked at confirmation: the sub-account spent them meanwhile
    await move(deskId, '0.8', 'sub_to_main');
    await rejectsWith(confirm(boss, id), 422, {
      code: 0,
      message: 'Inner validation failed',
      errors: { amount: ['insufficientFunds'] },
    });
    assert.equal(await subBtc(deskId), '0.0998');
    assert.equal((await history('h-2')).status, 5);
    assert.deepEqual(
      (await list(boss)).data.map((w) => w.id),
      [id],
    );
    await move(deskId, '0.2');
    assert.deepEqual(await confirm(boss, id), {});
    assert.equal(await subBtc(deskId), '0.0996');
    assert.equal((await history('h-2')).status, 15);
  });

  it('answers bad paging of the list with 422, as the docs show', async () => {
    await rejectsWith(list(boss, { limit: 0, offset: -1 }), 422, {
      code: 0,
      message: 'Validation failed',
      errors: { limit: ['The limit field must be at least 1.'], offset: ['The offset field must be at least 0.'] },
    });
    await rejectsWith(list(boss, { limit: 101, offset: 10_001, subAccountId: 5 }), 422, {
      code: 0,
      message: 'Validation failed',
      errors: {
        subAccountId: ['The subAccountId must be a string.'],
        limit: ['The limit field must not be greater than 100.'],
        offset: ['The offset field must not be greater than 10000.'],
      },
    });
  });

  it('builds the operator KYC link for an active sub-account that does not share KYC, and refuses the others', async () => {
    const link = await boss.privatePost<{ url: string; expiresIn: number }>(`${P}/kyc-url`, { id: deskId });
    assert.equal(link.expiresIn, 1800);
    const url = new URL(link.url);
    assert.equal(`${url.origin}${url.pathname}`, `https://kyc.example.com/verify/${deskId}`);
    const expires = Number(url.searchParams.get('expires'));
    assert.ok(Math.abs(expires - (clock.nowMs() / 1000 + 1800)) < 5);
    assert.match(url.searchParams.get('user') ?? '', /^[0-9]+$/);
    const token = createHmac('sha256', SECRET).update(`${deskId}.${expires}`).digest('hex');
    assert.equal(url.searchParams.get('token'), token);

    await rejectsWith(boss.privatePost(`${P}/kyc-url`, {}), 400, validation({ id: ['The id field is required.'] }));
    await rejectsWith(boss.privatePost(`${P}/kyc-url`, { id: 'nope' }), 400, NO_SUCH_ID);
    await rejectsWith(stranger.privatePost(`${P}/kyc-url`, { id: deskId }), 400, NO_SUCH_ID);
    const blocked = await create(boss, 'blocked');
    await boss.privatePost(`${P}/block`, { id: blocked });
    await rejectsWith(boss.privatePost(`${P}/kyc-url`, { id: blocked }), 400, {
      code: 400,
      message: 'Sub-account is not active',
      errors: {},
    });
    const shared = await create(boss, 'shared', { shareKyc: true });
    await rejectsWith(boss.privatePost(`${P}/kyc-url`, { id: shared }), 400, {
      code: 400,
      message: 'Sub-account has shared KYC',
      errors: {},
    });
  });

  it('a withdrawal left unconfirmed expires after a day on the venue clock, as cancelled (4), having moved nothing', async () => {
    await move(deskId, '0.5');
    await withdraw('h-3', '0.3');
    const id = (await history('h-3')).transactionId;
    // a sub-account with a withdrawal waiting is not empty
    await rejectsWith(boss.privatePost(`${P}/delete`, { id: deskId }), 422, {
      code: 0,
      message: 'Inner validation failed',
      errors: {
        id: ['The sub-account still holds funds, orders, positions or withdrawals, or owes the lending pool.'],
      },
    });
    clock.advance(DAY_MS - 60_000);
    await sleep(1_200);
    assert.equal((await history('h-3')).status, 5, 'not before its day is out');
    clock.advance(61_000);
    await eventually(async () => (await history('h-3')).status === 4);
    assert.equal((await history('h-3')).description, 'Not confirmed by the main account in time');
    assert.deepEqual((await list(boss)).data, []);
    await rejectsWith(confirm(boss, id), 422, WRONG_STATUS);
    assert.equal(await subBtc(deskId), '0.5996');
  });

  it('the journal, holds, confirmations and expiry included, replays to the same state', async () => {
    const r = await txc(['replay', '--verify', '--data-dir', server.dataDir, '--database', server.databaseUrl]);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { verified: boolean; seq: number };
    assert.equal(report.verified, true);
    assert.ok(report.seq > 0);
  });
});

describe('sub-account KYC link without the operator setting', () => {
  let server: TestServer;
  after(() => server.stop());

  it('answers 404: the feature is not enabled, and no link is made up', async () => {
    server = await TestServer.start({ demo: true });
    const boss = (await server.user('boss')).client;
    const id = (
      await boss.privatePost<{ id: string }>(`${P}/create`, { alias: 'a', shareKyc: true, permissions: PERMS })
    ).id;
    await rejectsWith(boss.privatePost(`${P}/kyc-url`, { id }), 404, {
      code: 0,
      message: 'Sub-account KYC verification is not enabled.',
      errors: {},
    });
  });

  it('refuses a template with a token but no key to sign it with', () => {
    assert.throws(
      () => loadConfig({ env: {}, flags: { subAccounts: { kycUrl: 'https://k.example/{token}' } } }),
      (e: unknown) => e instanceof ConfigError && /kycUrlSecret/.test(e.message),
    );
  });
});
