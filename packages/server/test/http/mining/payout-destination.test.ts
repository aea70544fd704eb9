import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ENDPOINTS,
  miningEditPayoutDestination,
  miningPayoutDestination,
  TxcError,
  type PrivateEndpoint,
  type TxcClient,
} from '@txc/sdk';
import { Value } from 'typebox/value';
import {
  base58Address,
  INVALID_SEGWIT,
  INVALID_TESTNET_SEGWIT,
  otherNetworks,
  TESTNET_SEGWIT,
  VALID_BASE58,
  VALID_SEGWIT,
} from '../../addresses/bitcoin-vectors.js';
import { TestServer } from '../../support/test-server.js';
import { expectError, invalid, NOT_FOUND } from './expect-error.js';

const INVALID_ADDRESS = invalid({ address: ['miningPool.validation.payoutDestination.invalidBtcAddress'] });
const ADDRESS_REQUIRED = invalid({ address: ['miningPool.validation.payoutDestination.btcAddressRequired'] });
const MAIN = { payoutDestination: 'main_balance', externalAddress: null };

describe('mining payout destination (spec §4.9, §2.6; reference §8.1, §8.2)', () => {
  let server: TestServer;
  let ann: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await TestServer.start();
    ({ client: ann } = await server.user('ann'));
    ({ client: bob } = await server.user('bob'));
    await ann.createMiningAccount('rig');
  });
  after(() => server.stop());

  const edit = (client: TxcClient, body: Record<string, unknown>): Promise<unknown> =>
    client.privatePost(miningEditPayoutDestination.path, body);

  it('a new account pays to the main balance', async () => {
    const setting = await ann.miningPayoutDestination('rig');
    assert.ok(Value.Check(miningPayoutDestination.response, setting));
    assert.deepEqual(setting, MAIN);
  });

  it('accepts every standard mainnet address format and echoes the setting in force', async () => {
    for (const address of [...VALID_SEGWIT, ...VALID_BASE58, base58Address(0x05)]) {
      const set = await ann.setMiningPayoutDestination('rig', 'external_address', address);
      assert.ok(Value.Check(miningEditPayoutDestination.response, set));
      assert.deepEqual(set, { payoutDestination: 'external_address', externalAddress: address }, address);
      assert.deepEqual(await ann.miningPayoutDestination('rig'), set);
    }
  });

  it('refuses every invalid, testnet, regtest or other-coin address and keeps the setting', async () => {
    const kept = await ann.setMiningPayoutDestination('rig', 'external_address', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy');
    const refused = [
      ...INVALID_SEGWIT.map(([a]) => a),
      ...TESTNET_SEGWIT,
      ...INVALID_TESTNET_SEGWIT,
      ...otherNetworks().map(([a]) => a),
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz',
      'not an address',
    ];
    for (const address of refused) {
      await expectError(ann.setMiningPayoutDestination('rig', 'external_address', address), 400, INVALID_ADDRESS);
    }
    assert.deepEqual(await ann.miningPayoutDestination('rig'), kept);
  });

  it('requires an address for external_address: absent, null and empty alike', async () => {
    for (const address of [undefined, null, '']) {
      await expectError(
        edit(ann, { accountName: 'rig', destination: 'external_address', address }),
        400,
        ADDRESS_REQUIRED,
      );
    }
    await expectError(
      edit(ann, { accountName: 'rig', destination: 'external_address', address: 42 }),
      400,
      invalid({ address: ['The address must be a string.'] }),
    );
  });

  it('limits the address to 100 characters before checking it', async () => {
    await expectError(
      ann.setMiningPayoutDestination('rig', 'external_address', `bc1q${'q'.repeat(97)}`),
      400,
      invalid({ address: ['The address may not be greater than 100 characters.'] }),
    );
    const hundred = `bc1q${'q'.repeat(96)}`;
    assert.equal(hundred.length, 100);
    await expectError(ann.setMiningPayoutDestination('rig', 'external_address', hundred), 400, INVALID_ADDRESS);
  });

  it('going back to main_balance sets externalAddress to null, whatever address comes along', async () => {
    await ann.setMiningPayoutDestination('rig', 'external_address', VALID_SEGWIT[1]);
    assert.deepEqual(await ann.setMiningPayoutDestination('rig', 'main_balance'), MAIN);
    assert.deepEqual(await ann.miningPayoutDestination('rig'), MAIN);
    await ann.setMiningPayoutDestination('rig', 'external_address', VALID_SEGWIT[1]);
    assert.deepEqual(await edit(ann, { accountName: 'rig', destination: 'main_balance', address: 'garbage' }), MAIN);
  });

  it('checks accountName and destination, reporting every field at once', async () => {
    await expectError(
      edit(ann, { destination: 'moon' }),
      400,
      invalid({
        accountName: ['The account name field is required.'],
        destination: ['The selected destination is invalid.'],
      }),
    );
    await expectError(
      edit(ann, { accountName: 'rig' }),
      400,
      invalid({ destination: ['The destination field is required.'] }),
    );
    await expectError(
      edit(ann, { accountName: ['rig'], destination: 'main_balance' }),
      400,
      invalid({ accountName: ['The account name must be a string.'] }),
    );
    await expectError(
      ann.privatePost(miningPayoutDestination.path, {}),
      400,
      invalid({ accountName: ['The account name field is required.'] }),
    );
  });

  it("an unknown account, or another user's, answers code 0 with errors.user and changes nothing", async () => {
    const before = await ann.setMiningPayoutDestination('rig', 'external_address', VALID_BASE58[0]);
    await expectError(bob.miningPayoutDestination('rig'), 400, NOT_FOUND);
    await expectError(bob.setMiningPayoutDestination('rig', 'main_balance'), 400, NOT_FOUND);
    await expectError(bob.setMiningPayoutDestination('rig', 'external_address', VALID_SEGWIT[0]), 400, NOT_FOUND);
    await expectError(ann.miningPayoutDestination('nope'), 400, NOT_FOUND);
    await expectError(ann.setMiningPayoutDestination('nope', 'main_balance'), 400, NOT_FOUND);
    assert.deepEqual(await ann.miningPayoutDestination('rig'), before);
    // A malformed request is refused for its form first, even on an unknown account.
    await expectError(ann.setMiningPayoutDestination('nope', 'external_address', 'bad'), 400, INVALID_ADDRESS);
  });

  it('the SDK recognises the not-found answer as a catalogue error', async () => {
    await assert.rejects(ann.miningPayoutDestination('nope'), (e: unknown) => {
      assert.ok(e instanceof TxcError);
      assert.deepEqual(
        [e.code, e.apiMessage, e.errors],
        [0, 'Validation failed', { user: ['Mining account not found.'] }],
      );
      assert.equal(e.kind, 'miningAccountNotFound');
      return true;
    });
  });

  it("every mining endpoint needs the key's mining permission: 403 code 4", async () => {
    const { client } = await server.user('no_mining', { permissions: ['trading', 'main-account', 'withdraw'] });
    const mining = ENDPOINTS.filter(
      (e): e is PrivateEndpoint => e.kind === 'private' && e.path.startsWith('/api/v4/mining/'),
    );
    assert.equal(mining.length, 5);
    for (const endpoint of mining) {
      assert.equal(endpoint.permission, 'mining');
      await expectError(client.privatePost(endpoint.path, { accountName: 'rig', name: 'x' }), 403, {
        code: 4,
        message: 'This API Key is not authorized to perform this action.',
        errors: {},
      });
    }
    const { client: only } = await server.user('only_mining', { permissions: ['mining'] });
    assert.equal((await only.createMiningAccount('mine')).data.name, 'mine');
  });
});
