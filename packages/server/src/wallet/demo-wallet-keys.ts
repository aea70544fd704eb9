/**
 * ⚠ DEMO ONLY: PUBLICLY KNOWN KEYS. ⚠
 * Account-level public keys of the BIP39 test mnemonic
 * "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
 * the one BIP84's own test vectors use. Its private half is printed in specifications and test
 * suites: anyone can spend whatever is sent to these addresses. `--demo` uses them for chain
 * families the configuration leaves out, so that the sandbox hands out real-looking addresses;
 * a venue holding real funds configures its own keys in `wallet.chains`.
 */
export const DEMO_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

export const DEMO_WALLET_CHAINS = {
  /** m/84'/0'/0' (BIP84) and m/49'/0'/0' (BIP49). */
  bitcoin: {
    xpub: 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
    p2shSegwitXpub:
      'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP',
  },
  /** m/44'/60'/0'. */
  ethereum: {
    xpub: 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
  },
  /** m/44'/195'/0'. */
  tron: {
    xpub: 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
  },
  /** m/44'/144'/0'/0/0: the one venue address; users are told apart by destination tag. */
  xrp: { address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3' },
  /** m/44'/330'/0'. */
  terra: {
    xpub: 'xpub6CpXk1ari53YGLf8YFmh7bcUgmM1H6G7nKxodjVHL4nzSuxPhKq57biM4cgYkAbop78wxSvwPY9YYQa7Jdv2ZPSngzHVGq8VXq1cLVXiCVt',
  },
} as const;
