import assert from 'node:assert/strict';
import { pbkdf2Sync } from 'node:crypto';
import { describe, it } from 'node:test';
import { HDKey } from '@scure/bip32';
import { isEthereumAddress, toChecksumAddress } from '../../src/addresses/ethereum.js';
import { isTerraAddress } from '../../src/addresses/terra.js';
import { isTronAddress } from '../../src/addresses/tron.js';
import { isXrpAddress, isXrpDestinationTag } from '../../src/addresses/xrp.js';
import { DEMO_MNEMONIC, DEMO_WALLET_CHAINS } from '../../src/wallet/demo-wallet-keys.js';
import { CHAIN_FAMILIES } from '../../src/wallet/chains/index.js';
import { WatchOnlyKey } from '../../src/wallet/watch-only-key.js';
import { base58checkPayload, bech32Decode, eip55Valid, fromWords } from '../support/independent-decoders.js';

const family = (name: string) => {
  const f = CHAIN_FAMILIES.get(name);
  assert.ok(f);
  return f;
};
const keys = (name: keyof typeof DEMO_WALLET_CHAINS) => {
  const raw = DEMO_WALLET_CHAINS[name] as { xpub?: string; p2shSegwitXpub?: string; address?: string };
  return {
    ...(raw.xpub === undefined ? {} : { xpub: WatchOnlyKey.parse(raw.xpub) }),
    ...(raw.p2shSegwitXpub === undefined ? {} : { p2shSegwitXpub: WatchOnlyKey.parse(raw.p2shSegwitXpub) }),
    ...(raw.address === undefined ? {} : { address: raw.address }),
  };
};

describe('BIP32 public derivation (published test vector 1)', () => {
  it('derives m/0H/1 from the public key of m/0H', () => {
    const m0h = HDKey.fromExtendedKey(
      'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
    );
    assert.equal(
      m0h.deriveChild(1).publicExtendedKey,
      'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
    );
  });

  it('refuses extended private keys and malformed keys: the server holds public keys only', () => {
    assert.throws(
      () =>
        WatchOnlyKey.parse(
          'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
        ),
      /private/,
    );
    assert.throws(() => WatchOnlyKey.parse('xpub-not-a-key'), /not a valid/);
    assert.throws(() => WatchOnlyKey.parse('tpubD6NzVbkrYhZ4X'), /unsupported/);
  });
});

describe('the demo keys are those of the published BIP39 test mnemonic', () => {
  it('every configured account key is derived from "abandon … about"', () => {
    const seed = pbkdf2Sync(DEMO_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512');
    const zpub = { public: 0x04b24746, private: 0x04b2430c };
    const ypub = { public: 0x049d7cb2, private: 0x049d7878 };
    const account = (path: string, versions?: { public: number; private: number }) =>
      HDKey.fromMasterSeed(seed, versions).derive(path).publicExtendedKey;
    assert.equal(account("m/84'/0'/0'", zpub), DEMO_WALLET_CHAINS.bitcoin.xpub);
    assert.equal(account("m/49'/0'/0'", ypub), DEMO_WALLET_CHAINS.bitcoin.p2shSegwitXpub);
    assert.equal(account("m/44'/60'/0'"), DEMO_WALLET_CHAINS.ethereum.xpub);
    assert.equal(account("m/44'/195'/0'"), DEMO_WALLET_CHAINS.tron.xpub);
    assert.equal(account("m/44'/330'/0'"), DEMO_WALLET_CHAINS.terra.xpub);
  });
});

describe('deposit address derivation (published vectors), each re-decoded independently', () => {
  it('BIP84 native SegWit: the vectors of BIP84 for the test mnemonic', () => {
    const f = family('bitcoin');
    const k = keys('bitcoin');
    assert.equal(f.derive(k, 'bech32', 0)?.address, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    assert.equal(f.derive(k, 'bech32', 1)?.address, 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    for (let i = 0; i < 5; i++) {
      const address = f.derive(k, 'bech32', i)?.address ?? '';
      const { hrp, words } = bech32Decode(address);
      assert.equal(hrp, 'bc');
      assert.equal(words[0], 0);
      assert.equal(fromWords(words.slice(1)).length, 20);
    }
  });

  it('BIP49 P2SH-wrapped SegWit', () => {
    const f = family('bitcoin');
    const address = f.derive(keys('bitcoin'), 'p2sh-segwit', 0)?.address ?? '';
    assert.equal(address, '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf');
    const payload = base58checkPayload(address);
    assert.equal(payload.length, 21);
    assert.equal(payload[0], 0x05);
  });

  it("Ethereum m/44'/60'/0'/0/0 of the test mnemonic, EIP-55 checksummed", () => {
    const f = family('ethereum');
    const k = keys('ethereum');
    assert.equal(f.derive(k, 'default', 0)?.address, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    for (let i = 0; i < 5; i++) assert.ok(eip55Valid(f.derive(k, 'default', i)?.address ?? ''));
  });

  it("TRON m/44'/195'/0'/0/0: base58check T… with the 0x41 prefix", () => {
    const f = family('tron');
    const address = f.derive(keys('tron'), 'default', 0)?.address ?? '';
    assert.equal(address, 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    const payload = base58checkPayload(address);
    assert.equal(payload.length, 21);
    assert.equal(payload[0], 0x41);
  });

  it('XRP: the one venue address with a destination tag per index', () => {
    const f = family('xrp');
    const k = keys('xrp');
    assert.deepEqual(f.derive(k, 'default', 0), { address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3', memo: '1' });
    assert.deepEqual(f.derive(k, 'default', 41), { address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3', memo: '42' });
    const payload = base58checkPayload('rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3', 'xrp');
    assert.equal(payload.length, 21);
    assert.equal(payload[0], 0);
  });

  it("Terra m/44'/330'/0'/0/0", () => {
    const address = family('terra').derive(keys('terra'), 'default', 0)?.address ?? '';
    assert.equal(address, 'terra1amdttz2937a3dytmxmkany53pp6ma6dy4vsllv');
    const { hrp, words } = bech32Decode(address);
    assert.equal(hrp, 'terra');
    assert.equal(fromWords(words).length, 20);
  });

  it('without the keys a chain needs, there is no address', () => {
    assert.equal(family('bitcoin').derive({}, 'bech32', 0), undefined);
    assert.equal(family('xrp').derive({}, 'default', 0), undefined);
  });
});

describe('withdrawal address validation per chain', () => {
  it("EIP-55: the specification's vectors; mixed case must checksum; one case carries none", () => {
    const checksummed = [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ];
    for (const a of checksummed) {
      assert.equal(toChecksumAddress(a.slice(2)), a);
      assert.ok(isEthereumAddress(a), a);
    }
    assert.ok(isEthereumAddress('0x52908400098527886E0F7030069857D2E4169EE7'));
    assert.ok(isEthereumAddress('0xde709f2102306220921060314715629080e2fb77'));
    assert.equal(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'), false); // one letter's case flipped
    assert.equal(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA'), false);
    assert.equal(isEthereumAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'), false);
    assert.equal(isEthereumAddress('0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'), false);
  });

  it('TRON base58check', () => {
    assert.ok(isTronAddress('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'));
    assert.ok(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')); // the USDT contract
    assert.equal(isTronAddress('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdh'), false);
    assert.equal(isTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'), false);
  });

  it('XRP classic addresses and destination tags', () => {
    assert.ok(isXrpAddress('rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3'));
    assert.ok(isXrpAddress('rrrrrrrrrrrrrrrrrrrrrhoLvTp')); // ACCOUNT_ZERO
    assert.equal(isXrpAddress('rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v4'), false);
    assert.equal(isXrpAddress('XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi'), false); // X-address: not classic
    assert.ok(isXrpDestinationTag('4294967295'));
    assert.equal(isXrpDestinationTag('4294967296'), false);
    assert.equal(isXrpDestinationTag('01'), false);
  });

  it('Terra bech32', () => {
    assert.ok(isTerraAddress('terra1amdttz2937a3dytmxmkany53pp6ma6dy4vsllv'));
    assert.equal(isTerraAddress('terra1amdttz2937a3dytmxmkany53pp6ma6dy4vsllw'), false);
    assert.equal(isTerraAddress('cosmos1amdttz2937a3dytmxmkany53pp6ma6dy4vsllv'), false);
  });
  it('one spelling per address: hex in its EIP-55 form, bech32 in lower case, base58 as written', () => {
    const eth = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    for (const spelling of [eth, eth.toLowerCase(), `0x${eth.slice(2).toUpperCase()}`]) {
      assert.equal(family('ethereum').canonicalAddress(spelling), eth);
    }
    const segwit = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    assert.equal(family('bitcoin').canonicalAddress(segwit.toUpperCase()), segwit);
    assert.equal(family('bitcoin').canonicalAddress(segwit), segwit);
    for (const [name, address] of [
      ['bitcoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
      ['tron', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'],
      ['xrp', 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3'],
      ['terra', 'terra1amdttz2937a3dytmxmkany53pp6ma6dy4vsllv'],
    ] as const) {
      assert.equal(family(name).canonicalAddress(address), address);
    }
  });
});
