import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';

/**
 * Address vectors for mainnet Bitcoin validation: the BIP173 and BIP350 test vectors that concern
 * mainnet (written out from the BIPs), and base58check cases built from known version bytes.
 */

/** BIP350 "valid segwit addresses" on mainnet, plus BIP173's mainnet v0 ones (unchanged by BIP350). */
export const VALID_SEGWIT = [
  'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
  'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
  'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
  'BC1SW50QGDZ25J',
  'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
  'bc1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvses5wp4dt',
  'bc1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvses7epu4h',
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  // A lower-case form of the first, and the pay-to-anchor output (v1, 2-byte program).
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  'bc1pfeessrawgf',
];

/** Each invalid mainnet-looking address with the rule it breaks (BIP173 and BIP350 "invalid" lists). */
export const INVALID_SEGWIT: readonly (readonly [string, string])[] = [
  ['tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', 'invalid human-readable part'],
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'invalid checksum'],
  ['BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', 'v16 with a bech32 checksum'],
  ['bc1rw5uspcuh', 'v3 with a bech32 checksum (and a 1-byte program)'],
  ['bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', '41-byte program'],
  ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'v0 with a 16-byte program'],
  ['bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', 'v2 with a bech32 checksum, zero padding of more than 4 bits'],
  ['bc1gmk9yu', 'empty data section'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'v1 with a bech32 checksum'],
  ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'v16 with a bech32 checksum'],
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'v0 with a bech32m checksum'],
  ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'invalid character in checksum'],
  ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'witness version 17'],
  ['bc1pw5dgrnzv', '1-byte program'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', '41-byte program'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'zero padding of more than 4 bits'],
  ['bc1qfysxzmfq2phhyarvv9hxgtjgdajxcw3fpkpph893lw', 'non-zero padding in the 8-to-5 conversion'],
  ['BC1PFYSXZMFQ2PHHYARVV9HXGTJGFAZYCWJYPQQQF9ZLQ6', 'v1 with a bech32 checksum'],
  ['bc1qfysxzmfq2phhyarvv9hxgtjgfazycwjypqqqfm706a', 'v0 with a bech32m checksum'],
  ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3t4', 'mixed case'],
  ['bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mixed case'],
  // BIP173 "valid" v1+ addresses: their bech32 checksums are invalid under BIP350.
  ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx', 'v1 with a bech32 checksum'],
  ['BC1SW50QA3JX3S', 'v16 with a bech32 checksum'],
  ['bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj', 'v2 with a bech32 checksum'],
];

/** Valid addresses of the test network (BIP173, BIP350): well formed, but not mainnet. */
export const TESTNET_SEGWIT = [
  'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
  'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
  'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
];

/** BIP173/BIP350 invalid test-network vectors: refused for their flaw as much as for their network. */
export const INVALID_TESTNET_SEGWIT = [
  'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7',
  'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv',
  'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf',
  'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47',
  'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq',
  'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j',
];

/** Well-known mainnet base58check addresses. */
export const VALID_BASE58 = [
  '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  '1111111111111111111114oLvT2',
];

const base58check = createBase58check(sha256);
const HASH160 = Uint8Array.from({ length: 20 }, (_, i) => (i * 37 + 11) & 0xff);
const PROGRAM32 = Uint8Array.from({ length: 32 }, (_, i) => (i * 53 + 7) & 0xff);

/** A base58check address with a correct checksum for the given version byte. */
export function base58Address(version: number, payload: Uint8Array = HASH160): string {
  return base58check.encode(Uint8Array.from([version, ...payload]));
}

/** A segwit address with a correct checksum for the given prefix and witness version. */
export function segwitAddress(prefix: string, version: number, program: Uint8Array): string {
  const coder = version === 0 ? bech32 : bech32m;
  return coder.encode(prefix, [version, ...coder.toWords(program)], 90);
}

/** Addresses with valid checksums that are not mainnet Bitcoin: testnet, regtest, other coins. */
export function otherNetworks(): readonly (readonly [string, string])[] {
  return [
    [base58Address(0x6f), 'testnet P2PKH (m/n…)'],
    [base58Address(0xc4), 'testnet P2SH (2…)'],
    [base58Address(0x30), 'Litecoin P2PKH (L…)'],
    [base58Address(0x32), 'Litecoin P2SH (M…)'],
    [base58Address(0x1e), 'Dogecoin P2PKH (D…)'],
    [base58Address(0x80, PROGRAM32), 'a WIF private key'],
    [base58Address(0x00, HASH160.slice(0, 19)), 'a 19-byte P2PKH payload'],
    [base58Address(0x05, PROGRAM32), 'a 32-byte P2SH payload'],
    [segwitAddress('tb', 0, HASH160), 'testnet P2WPKH'],
    [segwitAddress('tb', 1, PROGRAM32), 'testnet P2TR'],
    [segwitAddress('bcrt', 0, HASH160), 'regtest P2WPKH'],
    [segwitAddress('bcrt', 1, PROGRAM32), 'regtest P2TR'],
    [segwitAddress('ltc', 0, HASH160), 'Litecoin P2WPKH'],
    ['bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 'Bitcoin Cash CashAddr'],
    ['0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'an Ethereum address'],
  ];
}
