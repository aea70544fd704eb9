import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient, WithdrawParams } from '@txc/sdk';
import type { TestServer } from '../support/test-server.js';
import { ADDRESSES, balance, inner, rejectsWith, startWalletServer, validation } from '../support/wallet-server.js';

const TRAVEL_RULE = {
  walletType: 'hosted',
  beneficiary: {
    type: 'individual',
    firstName: 'Anna',
    lastName: 'Schmidt',
    residenceCountry: 'DEU',
    address: { country: 'DEU', city: 'Berlin', postCode: '10115', addressLine1: 'Invalidenstrasse 1' },
  },
  vaspData: { vaspName: 'Other Exchange' },
} as const;
const BENEFICIARY = {
  firstName: 'John',
  lastName: "O'Neil",
  email: 'john@example.com',
  phone: '+380501234567',
  birthDate: '1990-05-17',
};

let counter = 0;
const uid = (): string => `w-${++counter}`;

describe('POST /api/v4/main-account/withdraw-pay and withdraw (spec §4.8, reference §7.4–7.5)', () => {
  let server: TestServer;
  let alice: TxcClient;

  before(async () => {
    server = await startWalletServer();
    ({ client: alice } = await server.user('alice', {
      deposits: {
        BTC: '1',
        USDT: '1000000',
        XRP: '1000',
        USD: '10000',
        EUR: '1000',
        UAH: '100000',
        USD_VISAMASTER: '1000',
        FEEY: '100',
        NOWD: '10',
      },
    }));
  });
  after(() => server.stop());

  it('withdraw-pay: the balance falls by amount + fee; withdraw: by amount; both answer 201 []', async () => {
    const pay = await alice.privatePost('/api/v4/main-account/withdraw-pay', {
      ticker: 'BTC',
      amount: '0.01',
      address: ADDRESSES.bitcoin,
      uniqueId: uid(),
    });
    assert.deepEqual(pay, []);
    assert.equal(await balance(alice, 'BTC'), '0.9898');
    assert.deepEqual(
      await alice.withdraw({ ticker: 'BTC', amount: '0.01', address: ADDRESSES.bitcoin, uniqueId: uid() }),
      [],
    );
    assert.equal(await balance(alice, 'BTC'), '0.9798');
  });

  it('empty optional fields are absent ones, as Laravel reads them: no memo, the default network', async () => {
    const { client: ed } = await server.user('ed', { deposits: { BTC: '1' } });
    const request = { ticker: 'BTC', amount: '0.01', address: ADDRESSES.bitcoin, memo: '', network: '' } as const;
    assert.deepEqual(await ed.withdraw({ ...request, uniqueId: uid() }), []);
    assert.equal(await balance(ed, 'BTC'), '0.99');
  });

  it('flex fee: percent of the amount held within min and max, exact at both edges', async () => {
    const cases: [string, string][] = [
      ['100', '999898'], // 0.1% = 0.1 → min 2
      ['2000', '997896'], // 0.1% = 2: exactly the min
      ['2000.001', '995893.998999'], // 2.000001: just above the min, to the micro-unit
      ['50000', '945843.998999'], // 0.1% = 50: exactly the max
      ['50001', '895792.998999'], // 50.001 → capped at 50
    ];
    for (const [amount, after] of cases) {
      await alice.withdrawPay({ ticker: 'USDT', amount, address: ADDRESSES.ethereum, uniqueId: uid() });
      assert.equal(await balance(alice, 'USDT'), after, amount);
    }
    const history = await alice.walletHistory({ ticker: 'USDT', transactionMethod: 2, limit: 5 });
    assert.deepEqual(
      history.records.map((r) => [r.amount, r.fee, r.network]),
      [
        ['50001', '50', 'ERC20'],
        ['50000', '50', 'ERC20'],
        ['2000.001', '2.000001', 'ERC20'],
        ['2000', '2', 'ERC20'],
        ['100', '2', 'ERC20'],
      ],
    );
    // Withdraw takes the fee out of the amount: the balance falls by the amount alone.
    await alice.withdraw({ ticker: 'USDT', amount: '100', address: ADDRESSES.ethereum, uniqueId: uid() });
    assert.equal(await balance(alice, 'USDT'), '895692.998999');
    // TRC20 on request, its own fixed fee.
    await alice.withdrawPay({
      ticker: 'USDT',
      network: 'TRC20',
      amount: '10',
      address: ADDRESSES.tron,
      uniqueId: uid(),
    });
    assert.equal(await balance(alice, 'USDT'), '895681.998999');
  });

  it('withdraw refuses an amount not above the fee (code 6); nothing debited', async () => {
    await rejectsWith(
      alice.withdraw({ ticker: 'FEEY', amount: '5', address: ADDRESSES.ethereum, uniqueId: uid() }),
      422,
      inner(6, { amount: ['Amount must be greater than the fee 5'] }),
    );
    assert.equal(await balance(alice, 'FEEY'), '100');
    await alice.withdraw({ ticker: 'FEEY', amount: '5.000001', address: ADDRESSES.ethereum, uniqueId: uid() });
    assert.equal(await balance(alice, 'FEEY'), '94.999999');
  });

  it('insufficient balance (code 5, the currency name and balance), nothing debited; exactly enough passes', async () => {
    await rejectsWith(
      alice.withdrawPay({ ticker: 'BTC', amount: '0.9797', address: ADDRESSES.bitcoin, uniqueId: uid() }),
      422,
      inner(5, { amount: ['Not enough money, Bitcoin balance = 0.9798'] }),
      'withdrawInsufficientFunds',
    );
    assert.equal(await balance(alice, 'BTC'), '0.9798');
    await alice.withdrawPay({ ticker: 'BTC', amount: '0.9796', address: ADDRESSES.bitcoin, uniqueId: uid() });
    assert.equal(await balance(alice, 'BTC'), '0');
  });

  it('a duplicate uniqueId (either spelling) is refused with nothing debited', async () => {
    const id = uid();
    await alice.withdrawPay({ ticker: 'XRP', amount: '20', address: ADDRESSES.xrp, memo: '7', uniqueId: id });
    assert.equal(await balance(alice, 'XRP'), '979.75');
    await rejectsWith(
      alice.withdrawPay({ ticker: 'XRP', amount: '20', address: ADDRESSES.xrp, memo: '7', uniqueId: id }),
      400,
      validation({ uniqueId: ['The unique id has already been taken.'] }),
    );
    await rejectsWith(
      alice.withdrawPay({ ticker: 'XRP', amount: '30', address: ADDRESSES.xrp, memo: '7', unique_id: id }),
      400,
      validation({ unique_id: ['The unique id has already been taken.'] }),
    );
    await rejectsWith(
      alice.withdrawPay({
        ticker: 'XRP',
        amount: '30',
        address: ADDRESSES.xrp,
        memo: '7',
        uniqueId: uid(),
        unique_id: id,
      }),
      400,
      validation({ uniqueId: ['The uniqueId and unique_id must match.'] }),
    );
    assert.equal(await balance(alice, 'XRP'), '979.75');
  });

  it('every complaint about the unique id names it as the request did, or unique_id (spec §4.8) when it did not', async () => {
    const request = { ticker: 'XRP', amount: '20', address: ADDRESSES.xrp, memo: '7' };
    const taken = uid();
    await alice.withdraw({ ...request, unique_id: taken });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { unique_id: ['The unique id field is required.'] }],
      [{ unique_id: '' }, { unique_id: ['The unique id field is required.'] }],
      [{ uniqueId: '' }, { uniqueId: ['The unique id field is required.'] }],
      [{ uniqueId: null }, { uniqueId: ['The unique id field is required.'] }],
      [{ unique_id: 7 }, { unique_id: ['The unique id must be a string.'] }],
      [{ uniqueId: 'x'.repeat(256) }, { uniqueId: ['The unique id may not be greater than 255 characters.'] }],
      [{ unique_id: taken }, { unique_id: ['The unique id has already been taken.'] }],
      [{ uniqueId: taken }, { uniqueId: ['The unique id has already been taken.'] }],
    ];
    for (const path of ['/api/v4/main-account/withdraw', '/api/v4/main-account/withdraw-pay']) {
      for (const [named, errors] of cases) {
        await rejectsWith(alice.privatePost(path, { ...request, ...named }), 400, validation(errors));
      }
    }
  });

  it('two identical requests at the same time: exactly one withdrawal', async () => {
    const { apiKey, apiSecret } = await server.user('paula', { deposits: { ETH: '1' } });
    const a = server.client(apiKey, apiSecret, { nonceWindow: true });
    const second = await server.admin('POST', '/admin/v1/users/paula/api-keys', {
      permissions: ['withdraw', 'main-account'],
    });
    const keys = second.body as { apiKey: string; apiSecret: string };
    const b = server.client(keys.apiKey, keys.apiSecret, { nonceWindow: true });
    const request: WithdrawParams = {
      ticker: 'ETH',
      amount: '0.1',
      address: ADDRESSES.ethereum,
      uniqueId: 'same-time',
    };
    const outcomes = await Promise.allSettled([a.withdrawPay(request), b.withdrawPay(request), a.withdrawPay(request)]);
    assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 1);
    for (const o of outcomes.filter((x) => x.status === 'rejected')) {
      assert.deepEqual(
        (o.reason as { body: unknown }).body,
        validation({ uniqueId: ['The unique id has already been taken.'] }),
      );
    }
    assert.equal(await balance(a, 'ETH'), '0.898'); // 1 − 0.1 − 0.002, once
    const history = await a.walletHistory({ uniqueId: 'same-time' });
    assert.equal(history.total, 1);
  });

  it('request shape: every missing field at once (400, code 0)', async () => {
    await rejectsWith(
      alice.privatePost('/api/v4/main-account/withdraw-pay', {}),
      400,
      validation({
        ticker: ['The ticker field is required.'],
        amount: ['The amount field is required.'],
        address: ['The address field is required.'],
        unique_id: ['The unique id field is required.'],
      }),
    );
    await rejectsWith(
      alice.privatePost('/api/v4/main-account/withdraw', {
        ticker: 'NOPE',
        amount: '1e3',
        address: 7,
        uniqueId: 'x'.repeat(256),
        partialEnable: 'yes',
      }),
      400,
      validation({
        ticker: ['The selected ticker is invalid.'],
        amount: ['The amount must be a number.'],
        address: ['The address must be a string.'],
        uniqueId: ['The unique id may not be greater than 255 characters.'],
        partialEnable: ['The partial enable field must be true or false.'],
      }),
    );
    await rejectsWith(
      alice.withdrawPay({ ticker: 'BTC', amount: '-1', address: ADDRESSES.bitcoin, uniqueId: uid() }),
      400,
      validation({ amount: ['The amount must be greater than 0.'] }),
    );
  });

  it('network: unknown refused, USDT defaults to ERC20 (an ERC20 address), a TRON address on ERC20 is invalid', async () => {
    await rejectsWith(
      alice.withdrawPay({
        ticker: 'USDT',
        network: 'BEP20',
        amount: '10',
        address: ADDRESSES.ethereum,
        uniqueId: uid(),
      }),
      400,
      validation({ network: ['The selected network is invalid.'] }),
    );
    await rejectsWith(
      alice.withdrawPay({ ticker: 'MULTI', amount: '10', address: ADDRESSES.ethereum, uniqueId: uid() }),
      400,
      validation({ network: ['The network field is required.'] }),
    );
    await rejectsWith(
      alice.withdrawPay({ ticker: 'USDT', amount: '10', address: ADDRESSES.tron, uniqueId: uid() }),
      422,
      inner(2, { address: ['The address is invalid'] }),
    );
  });

  it('destination addresses are validated per chain, with checksums', async () => {
    const bad: [string, string, Partial<WithdrawParams>][] = [
      ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', {}], // bech32 checksum
      ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', {}], // base58check checksum
      ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', {}], // testnet
      ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', {}], // EIP-55 letter flipped
      ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', {}],
      ['USDT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', { network: 'TRC20' }],
      ['XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTH', { memo: '1' }],
    ];
    for (const [ticker, address, extra] of bad) {
      await rejectsWith(
        alice.withdrawPay({ ticker, amount: '100', address, uniqueId: uid(), ...extra }),
        422,
        inner(2, { address: ['The address is invalid'] }),
      );
    }
    // Every Bitcoin format is accepted, and one-case Ethereum addresses carry no checksum to check.
    await server.admin('POST', '/admin/v1/deposits', { user: 'alice', ticker: 'BTC', amount: '1', txid: 'refill' });
    for (const address of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      ADDRESSES.bitcoin,
    ]) {
      assert.deepEqual(await alice.withdrawPay({ ticker: 'BTC', amount: '0.001', address, uniqueId: uid() }), []);
    }
    await alice.withdrawPay({
      ticker: 'USDT',
      amount: '10',
      address: ADDRESSES.ethereum.toLowerCase(),
      uniqueId: uid(),
    });
  });

  it('memo required for memo assets and checked as a destination tag', async () => {
    await rejectsWith(
      alice.withdrawPay({ ticker: 'XRP', amount: '20', address: ADDRESSES.xrp, uniqueId: uid() }),
      400,
      validation({ memo: ['The memo field is required.'] }),
    );
    await rejectsWith(
      alice.withdrawPay({ ticker: 'XRP', amount: '20', address: ADDRESSES.xrp, memo: 'hello', uniqueId: uid() }),
      400,
      validation({ memo: ['The memo format is invalid.'] }),
    );
  });

  it('limits per network (codes 3 and 0), precision (code 7), can_deposit and can_withdraw (code 1)', async () => {
    await rejectsWith(
      alice.withdrawPay({ ticker: 'USDT', amount: '9.999999', address: ADDRESSES.ethereum, uniqueId: uid() }),
      422,
      inner(3, { amount: ['Amount is less than the minimum withdrawal 10'] }),
    );
    await rejectsWith(
      alice.withdrawPay({ ticker: 'USDT', amount: '1000000.000001', address: ADDRESSES.ethereum, uniqueId: uid() }),
      422,
      inner(0, { amount: ['Amount is greater than the maximum withdrawal 1000000'] }),
    );
    await rejectsWith(
      alice.withdrawPay({ ticker: 'USDT', amount: '10.0000001', address: ADDRESSES.ethereum, uniqueId: uid() }),
      422,
      inner(7, { amount: ['The amount must have no more than 6 decimal places'] }),
    );
    await rejectsWith(
      alice.withdrawPay({
        ticker: 'LUNC',
        amount: '20000',
        address: 'terra1amdttz2937a3dytmxmkany53pp6ma6dy4vsllv',
        uniqueId: uid(),
      }),
      422,
      inner(1, { ticker: ['Currency is not depositable'] }),
    );
    await rejectsWith(
      alice.withdrawPay({ ticker: 'NOWD', amount: '1', address: ADDRESSES.ethereum, uniqueId: uid() }),
      422,
      inner(1, { ticker: ['Currency is not withdrawable'] }),
      'withdrawNotWithdrawable',
    );
    assert.equal(await balance(alice, 'NOWD'), '10');
  });

  it('fiat: provider required and checked, beneficiary required and validated, partialEnable raises the maximum', async () => {
    await rejectsWith(
      alice.withdrawPay({
        ticker: 'USD',
        amount: '100',
        address: '4111111111111111',
        uniqueId: uid(),
        beneficiary: BENEFICIARY,
      }),
      400,
      validation({ provider: ['Provider is required for fiat currency'] }),
    );
    await rejectsWith(
      alice.withdrawPay({
        ticker: 'USD',
        provider: 'PAYPAL',
        amount: '100',
        address: 'x',
        uniqueId: uid(),
        beneficiary: BENEFICIARY,
      }),
      400,
      validation({ provider: ['The selected provider is invalid.'] }),
    );
    await rejectsWith(
      alice.withdrawPay({
        ticker: 'USD_VISAMASTER',
        provider: 'VISAMASTER',
        amount: '100',
        address: 'card-token',
        uniqueId: uid(),
      }),
      400,
      // card payouts need the customer's IP as well (reference §7.4)
      validation({
        customerIp: ['The customer ip field is required.'],
        beneficiary: ['The beneficiary field is required.'],
      }),
    );
    await rejectsWith(
      alice.privatePost('/api/v4/main-account/withdraw-pay', {
        ticker: 'USD',
        provider: 'VISAMASTER',
        amount: '100',
        address: 'card-token',
        uniqueId: uid(),
        customerIp: '203.0.113.300',
        beneficiary: {
          firstName: 'Іван',
          lastName: 'x'.repeat(41),
          email: 'not-an-email',
          phone: '12',
          birthDate: '1990-02-30',
        },
      }),
      400,
      validation({
        customerIp: ['The customer ip must be a valid IP address.'],
        'beneficiary.firstName': ['The beneficiary.first name must contain Latin letters only.'],
        'beneficiary.lastName': ['The beneficiary.last name may not be greater than 40 characters.'],
        'beneficiary.email': ['The beneficiary.email must be a valid email address.'],
        'beneficiary.phone': ['The beneficiary.phone format is invalid.'],
        'beneficiary.birthDate': ['The beneficiary.birth date must be a valid date before today.'],
      }),
    );
    // 1.5% within [1, 100]: 100 → 1.5.
    await alice.withdrawPay({
      ticker: 'USD',
      provider: 'VISAMASTER',
      amount: '100',
      address: 'card-token',
      uniqueId: uid(),
      beneficiary: BENEFICIARY,
      customerIp: '203.0.113.7',
    });
    assert.equal(await balance(alice, 'USD'), '9898.5');
    // SEPA transfers need the bank's BIC
    const sepa = { ticker: 'EUR', provider: 'SEPA', amount: '10', address: 'DE89370400440532013000' } as const;
    await rejectsWith(
      alice.withdrawPay({ ...sepa, uniqueId: uid(), beneficiary: BENEFICIARY }),
      400,
      validation({ bankBic: ['The bank bic field is required.'] }),
    );
    await rejectsWith(
      alice.withdrawPay({ ...sepa, uniqueId: uid(), beneficiary: BENEFICIARY, bankBic: 'cobade ff' }),
      400,
      validation({ bankBic: ['The bank bic format is invalid.'] }),
    );
    await alice.withdrawPay({ ...sepa, uniqueId: uid(), beneficiary: BENEFICIARY, bankBic: 'COBADEFFXXX' });
    // UAH needs no beneficiary.
    await alice.withdrawPay({
      ticker: 'UAH',
      provider: 'GEOPAY',
      amount: '100',
      address: 'UA213223130000026007233566001',
      uniqueId: uid(),
    });
    assert.equal(await balance(alice, 'UAH'), '99890');
    // Above the provider's maximum only with partialEnable.
    await rejectsWith(
      alice.withdrawPay({
        ticker: 'USD',
        provider: 'VISAMASTER',
        amount: '6000',
        address: 'card-token',
        uniqueId: uid(),
        beneficiary: BENEFICIARY,
        customerIp: '203.0.113.7',
      }),
      422,
      inner(0, { amount: ['Amount is greater than the maximum withdrawal 5000'] }),
    );
    await alice.withdrawPay({
      ticker: 'USD',
      provider: 'VISAMASTER',
      amount: '6000',
      address: 'card-token',
      uniqueId: uid(),
      beneficiary: BENEFICIARY,
      customerIp: '2001:db8::7',
      partialEnable: true,
    });
    assert.equal(await balance(alice, 'USD'), '3808.5'); // 9898.5 − 6000 − 90
    // partialEnable as Laravel's boolean rule reads it: 1 and "1" are true, 0 and "0" false
    const above = { ticker: 'USD', provider: 'VISAMASTER', amount: '6000', address: 'card-token' };
    const fiat = { beneficiary: BENEFICIARY, customerIp: '203.0.113.7' };
    for (const partialEnable of [1, '1', 0, '0']) {
      const raised = partialEnable === 1 || partialEnable === '1';
      await rejectsWith(
        alice.privatePost('/api/v4/main-account/withdraw-pay', { ...above, ...fiat, uniqueId: uid(), partialEnable }),
        422,
        raised
          ? inner(5, { amount: ['Not enough money, US Dollar balance = 3808.5'] })
          : inner(0, { amount: ['Amount is greater than the maximum withdrawal 5000'] }),
      );
    }
  });

  it('travelRule is required for crypto from an EEA account, in either form, its structure validated', async () => {
    const { client: eve } = await server.user('eve', { eea: true, deposits: { BTC: '1', USD: '1000' } });
    const base = { ticker: 'BTC', amount: '0.01', address: ADDRESSES.bitcoin };
    await rejectsWith(
      eve.withdrawPay({ ...base, uniqueId: uid() }),
      400,
      validation({ travelRule: ['The travel rule field is required.'] }),
    );
    assert.equal(await balance(eve, 'BTC'), '1');
    await rejectsWith(
      eve.privatePost('/api/v4/main-account/withdraw-pay', {
        ...base,
        uniqueId: uid(),
        travelRule: {
          walletType: 'hosted',
          beneficiary: { type: 'person', residenceCountry: 'XXX', address: { country: 'de', city: 'Berlin' } },
        },
      }),
      400,
      validation({
        'travelRule.beneficiary.type': ['The selected travel rule.beneficiary.type is invalid.'],
        'travelRule.beneficiary.firstName': ['The travel rule.beneficiary.first name field is required.'],
        'travelRule.beneficiary.lastName': ['The travel rule.beneficiary.last name field is required.'],
        'travelRule.beneficiary.residenceCountry': [
          'The selected travel rule.beneficiary.residence country is invalid.',
        ],
        'travelRule.beneficiary.address.country': [
          'The travel rule.beneficiary.address.country must be an ISO-3166 alpha-3 code.',
        ],
        'travelRule.beneficiary.address.postCode': ['The travel rule.beneficiary.address.post code field is required.'],
        'travelRule.beneficiary.address.addressLine1': [
          'The travel rule.beneficiary.address.address line1 field is required.',
        ],
        'travelRule.vaspData': ['The travel rule.vasp data field is required.'],
      }),
    );
    await eve.withdrawPay({ ...base, uniqueId: uid(), travelRule: TRAVEL_RULE });
    await eve.withdrawPay({
      ...base,
      uniqueId: uid(),
      travelRule: {
        walletType: 'unhosted',
        beneficiary: { ...TRAVEL_RULE.beneficiary, type: 'entity', fullName: 'Acme GmbH' },
      },
    });
    await eve.withdrawPay({
      ...base,
      uniqueId: uid(),
      travelRule: { type: 'individual', vasp: 'Other', name: 'Anna Schmidt', address: 'Berlin' },
    });
    assert.equal(await balance(eve, 'BTC'), '0.9694');
    // Fiat from an EEA account needs no travel rule.
    await eve.withdrawPay({
      ticker: 'USD',
      provider: 'ADVCASH',
      amount: '10',
      address: 'acct',
      uniqueId: uid(),
      beneficiary: BENEFICIARY,
    });
  });

  it("a withdrawal to one of the user's own deposit addresses is refused (code 9)", async () => {
    const own = await alice.depositAddress({ ticker: 'ETH' });
    await server.admin('POST', '/admin/v1/deposits', { user: 'alice', ticker: 'ETH', amount: '1', txid: 'eth-1' });
    await rejectsWith(
      alice.withdrawPay({ ticker: 'ETH', amount: '0.1', address: own.account.address, uniqueId: uid() }),
      422,
      inner(9, { address: ['This address is unavailable: it is one of your deposit addresses'] }),
    );
  });

  it('knows its own deposit addresses however they are spelled, and on every asset of the chain', async () => {
    const eth = (await alice.depositAddress({ ticker: 'ETH' })).account.address;
    const usdt = (await alice.depositAddress({ ticker: 'USDT', network: 'ERC20' })).account.address;
    const btc = (await alice.depositAddress({ ticker: 'BTC' })).account.address;
    assert.ok(eth !== eth.toLowerCase() && btc.startsWith('bc1'));
    await server.admin('POST', '/admin/v1/deposits', { user: 'alice', ticker: 'BTC', amount: '1', txid: 'btc-own' });
    const refused = inner(9, { address: ['This address is unavailable: it is one of your deposit addresses'] });
    const ethBefore = await balance(alice, 'ETH');
    // hex and bech32 ignore letter case: the same address in another spelling
    await rejectsWith(
      alice.withdraw({ ticker: 'ETH', amount: '0.1', address: eth.toLowerCase(), uniqueId: uid() }),
      422,
      refused,
    );
    await rejectsWith(
      alice.withdraw({ ticker: 'ETH', amount: '0.1', address: `0x${eth.slice(2).toUpperCase()}`, uniqueId: uid() }),
      422,
      refused,
    );
    await rejectsWith(
      alice.withdraw({ ticker: 'BTC', amount: '0.01', address: btc.toUpperCase(), uniqueId: uid() }),
      422,
      refused,
    );
    // ETH sent to the user's USDT-ERC20 address lands on the user's own Ethereum account
    await rejectsWith(
      alice.withdraw({ ticker: 'ETH', amount: '0.1', address: usdt.toLowerCase(), uniqueId: uid() }),
      422,
      refused,
    );
    assert.equal(await balance(alice, 'ETH'), ethBefore);
    // another address goes out, recorded in its checksummed spelling
    const other = ADDRESSES.ethereum.toLowerCase();
    const uniqueId = uid();
    assert.deepEqual(await alice.withdraw({ ticker: 'ETH', amount: '0.1', address: other, uniqueId }), []);
    const [sent] = (await alice.walletHistory({ uniqueId })).records;
    assert.equal(sent?.address, ADDRESSES.ethereum);
  });

  it('a key without the withdraw permission is refused before anything else', async () => {
    const { client } = await server.user('walt', { permissions: ['main-account'], deposits: { BTC: '1' } });
    await rejectsWith(
      client.withdrawPay({ ticker: 'BTC', amount: '0.01', address: ADDRESSES.bitcoin, uniqueId: uid() }),
      403,
      { code: 4, message: 'This API Key is not authorized to perform this action.', errors: {} },
    );
    assert.equal(await balance(client, 'BTC'), '1');
  });
});
