import type { NetworkSpec } from '@txc/core';
import { ConfigError } from '../config/load.js';
import type { Config } from '../config/schema.js';
import { DEMO_WALLET_CHAINS } from './demo-wallet-keys.js';
import type { ChainFamily, ChainKeys } from './chains/chain-family.js';
import { CHAIN_FAMILIES, chainFamilyOf } from './chains/index.js';
import { WatchOnlyKey, WatchOnlyKeyError } from './watch-only-key.js';

type ChainKeysConfig = Config['wallet']['chains'][string];

function parseKey(family: string, field: string, text: string | undefined): WatchOnlyKey | undefined {
  if (text === undefined) return undefined;
  try {
    return WatchOnlyKey.parse(text);
  } catch (e) {
    if (e instanceof WatchOnlyKeyError) throw new ConfigError(`wallet.chains.${family}.${field}: ${e.message}`);
    throw e;
  }
}

function parseChain(family: ChainFamily, raw: ChainKeysConfig): ChainKeys {
  if (raw.address !== undefined && !family.isAddress(raw.address)) {
    throw new ConfigError(`wallet.chains.${family.name}.address: not a valid ${family.name} address`);
  }
  const xpub = parseKey(family.name, 'xpub', raw.xpub);
  const p2shSegwitXpub = parseKey(family.name, 'p2shSegwitXpub', raw.p2shSegwitXpub);
  return {
    ...(xpub === undefined ? {} : { xpub }),
    ...(p2shSegwitXpub === undefined ? {} : { p2shSegwitXpub }),
    ...(raw.address === undefined ? {} : { address: raw.address }),
  };
}

/**
 * The venue's watch-only wallet: the configured public keys of each chain family, and the address
 * rules of each network. It derives deposit addresses and checks withdrawal destinations; it holds
 * no private key and signs nothing.
 */
export class Wallet {
  private constructor(
    private readonly keys: ReadonlyMap<string, ChainKeys>,
    /** Chain families that run on the public demo keys. */
    readonly demoChains: readonly string[],
    readonly addressesPerNetwork: number,
  ) {}

  static fromConfig(config: Config): Wallet {
    const keys = new Map<string, ChainKeys>();
    for (const [name, raw] of Object.entries(config.wallet.chains)) {
      const family = CHAIN_FAMILIES.get(name);
      if (family === undefined) {
        throw new ConfigError(
          `wallet.chains.${name}: unknown chain family (known: ${[...CHAIN_FAMILIES.keys()].join(', ')})`,
        );
      }
      keys.set(name, parseChain(family, raw));
    }
    const demoChains: string[] = [];
    if (config.demo) {
      for (const [name, raw] of Object.entries(DEMO_WALLET_CHAINS)) {
        if (keys.has(name)) continue;
        keys.set(name, parseChain(CHAIN_FAMILIES.get(name) as ChainFamily, raw));
        demoChains.push(name);
      }
    }
    return new Wallet(keys, demoChains, config.wallet.addressesPerNetwork);
  }

  family(network: NetworkSpec): ChainFamily | undefined {
    return chainFamilyOf(network);
  }

  keysOf(family: ChainFamily): ChainKeys {
    return this.keys.get(family.name) ?? {};
  }
}
