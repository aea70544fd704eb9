import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bech32, bech32m } from '@scure/base';
import { bitcoinAddressType, isBitcoinAddress } from '../../src/addresses/bitcoin.js';
import {
  base58Address,
  INVALID_SEGWIT,
  INVALID_TESTNET_SEGWIT,
  otherNetworks,
  segwitAddress,
  TESTNET_SEGWIT,
  VALID_BASE58,
  VALID_SEGWIT,
} from './bitcoin-vectors.js';

function decodes(address: string, coder: typeof bech32): boolean {
  return coder.decodeUnsafe(address.toLowerCase(), 90) !== undefined;
}

describe('mainnet Bitcoin addresses (BIP173, BIP350, base58check)', () => {
  it('accepts every valid mainnet segwit vector, with its type', () => {
    assert.deepEqual(
      VALID_SEGWIT.map((a) => [a, bitcoinAddressType(a)]),
      [
        ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'p2wpkh'],
        ['bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'p2wsh'],
        ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'witness'],
        ['BC1SW50QGDZ25J', 'witness'],
        ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'witness'],
        ['bc1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvses5wp4dt', 'p2wsh'],
        ['bc1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvses7epu4h', 'p2tr'],
        ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'p2tr'],
        ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'p2wpkh'],
        ['bc1pfeessrawgf', 'witness'],
      ],
    );
  });

  it('refuses every invalid segwit vector', () => {
    for (const [address, why] of INVALID_SEGWIT) assert.equal(isBitcoinAddress(address), false, `${address}: ${why}`);
  });

  it('refuses bech32/bech32m mix-ups although their checksums are right for the other encoding', () => {
    const mixups = INVALID_SEGWIT.filter(([, why]) => why.includes('checksum') && !why.startsWith('invalid'));
    assert.ok(mixups.length >= 8);
    for (const [address, why] of mixups) {
      const other = why.includes('bech32m') ? bech32m : bech32;
      assert.ok(decodes(address, other), `${address} should decode as the wrong encoding (${why})`);
      assert.equal(isBitcoinAddress(address), false, address);
    }
  });

  it('refuses mixed case even where the lower-case form is valid', () => {
    for (const [address, why] of INVALID_SEGWIT.filter(([, w]) => w === 'mixed case')) {
      assert.ok(isBitcoinAddress(address.toLowerCase()), why);
      assert.equal(isBitcoinAddress(address), false, address);
    }
  });

  it('refuses the test network: valid tb1 addresses and the invalid tb1 vectors alike', () => {
    for (const address of TESTNET_SEGWIT) {
      assert.ok(decodes(address, bech32) || decodes(address, bech32m), `${address} is a well-formed testnet address`);
      assert.equal(isBitcoinAddress(address), false, address);
    }
    for (const address of INVALID_TESTNET_SEGWIT) assert.equal(isBitcoinAddress(address), false, address);
  });

  it('accepts mainnet P2PKH and P2SH, with their types', () => {
    assert.deepEqual(
      VALID_BASE58.map((a) => bitcoinAddressType(a)),
      ['p2pkh', 'p2pkh', 'p2sh', 'p2pkh'],
    );
    assert.equal(bitcoinAddressType(base58Address(0x00)), 'p2pkh');
    assert.equal(bitcoinAddressType(base58Address(0x05)), 'p2sh');
  });

  it('refuses base58 with a bad checksum, a changed character or a stray character', () => {
    for (const good of [...VALID_BASE58, base58Address(0x05)]) {
      const last = good.at(-1) === '1' ? '2' : '1';
      for (const bad of [
        `${good.slice(0, -1)}${last}`,
        `${good.slice(0, 5)}${good[5] === 'z' ? 'y' : 'z'}${good.slice(6)}`,
        `${good}1`,
        `${good.slice(1)}`,
        ` ${good}`,
        `${good}\n`,
        good.replace(/[1-9]/, '0'),
      ]) {
        assert.equal(isBitcoinAddress(bad), false, bad);
      }
    }
  });

  it('refuses testnet, regtest and other coins although their checksums are right', () => {
    for (const [address, what] of otherNetworks())
      assert.equal(isBitcoinAddress(address), false, `${address}: ${what}`);
  });

  it('accepts a mainnet segwit address of every witness version and program length the BIPs allow', () => {
    for (let version = 0; version <= 16; version++) {
      const lengths = version === 0 ? [20, 32] : [2, 20, 32, 40];
      for (const length of lengths) {
        const address = segwitAddress('bc', version, new Uint8Array(length).fill(version + 1));
        assert.ok(isBitcoinAddress(address), `${address} (v${version}, ${length} bytes)`);
        assert.ok(isBitcoinAddress(address.toUpperCase()), `${address} upper case`);
      }
    }
    for (const length of [19, 21, 31, 33]) {
      assert.equal(isBitcoinAddress(segwitAddress('bc', 0, new Uint8Array(length))), false, `v0 ${length} bytes`);
    }
  });

  it('refuses empty text and anything longer than a bech32 string may be', () => {
    assert.equal(isBitcoinAddress(''), false);
    assert.equal(isBitcoinAddress(`bc1q${'q'.repeat(87)}`), false);
  });
});
