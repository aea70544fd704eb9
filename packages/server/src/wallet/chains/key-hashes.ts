import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/** RIPEMD160(SHA256(x)): Bitcoin's, XRP's and Cosmos' account id of a compressed public key. */
export function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes));
}

/** The last 20 bytes of keccak256 of the uncompressed public key: Ethereum's and TRON's account id. */
export function keccakAccountId(compressedPublicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(compressedPublicKey).toBytes(false);
  return keccak_256(uncompressed.slice(1)).slice(12);
}
