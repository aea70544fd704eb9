import { HDKey } from '@scure/bip32';

/** Version bytes of the SLIP-132 serialisations an operator may paste (mainnet, public halves). */
const VERSIONS: Readonly<Record<string, { public: number; private: number }>> = {
  xpub: { public: 0x0488b21e, private: 0x0488ade4 },
  ypub: { public: 0x049d7cb2, private: 0x049d7878 },
  zpub: { public: 0x04b24746, private: 0x04b2430c },
};

export class WatchOnlyKeyError extends Error {
  override readonly name = 'WatchOnlyKeyError';
}

/**
 * An account-level extended public key (BIP32), e.g. m/84'/0'/0' serialised as a zpub. Deposit
 * addresses are its external-chain children 0/i. It can derive addresses but never spend: the
 * server refuses to load an extended private key at all.
 */
export class WatchOnlyKey {
  private externalChain: HDKey | undefined;

  private constructor(private readonly account: HDKey) {}

  /** Derived at first use: the first derivation of a process costs the curve's tables, which start-up need not wait for. */
  private get external(): HDKey {
    this.externalChain ??= this.account.deriveChild(0);
    return this.externalChain;
  }

  static parse(text: string): WatchOnlyKey {
    const prefix = text.slice(0, 4);
    if (prefix.endsWith('prv')) {
      throw new WatchOnlyKeyError('an extended private key was given: configure the public key (xpub/ypub/zpub) only');
    }
    const versions = VERSIONS[prefix];
    if (versions === undefined) throw new WatchOnlyKeyError(`unsupported extended key prefix ${prefix}`);
    let key: HDKey;
    try {
      key = HDKey.fromExtendedKey(text, versions);
    } catch (e) {
      throw new WatchOnlyKeyError(`not a valid extended public key: ${(e as Error).message}`);
    }
    if (key.privateKey !== null) throw new WatchOnlyKeyError('an extended private key was given');
    return new WatchOnlyKey(key);
  }

  /** The compressed secp256k1 public key at 0/index. */
  publicKey(index: number): Uint8Array {
    if (!Number.isInteger(index) || index < 0 || index >= 0x8000_0000) {
      throw new RangeError('a non-hardened child index is an integer from 0 to 2^31 − 1');
    }
    const child = this.external.deriveChild(index);
    if (child.publicKey === null) throw new Error('derivation produced no public key');
    return child.publicKey;
  }
}
