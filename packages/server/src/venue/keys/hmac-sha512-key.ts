import { hash, timingSafeEqual } from 'node:crypto';

/** SHA-512's block size, in bytes. */
const BLOCK = 128;

/** SHA-512's digest size, in bytes. */
const DIGEST = 64;

/** A digest in lowercase hex, as every client sends it (docs/decisions.md, "Signatures in lowercase hex"). */
const HEX_DIGEST = /^[0-9a-f]{128}$/;

/** The digests compared, decoded from hex into buffers made once: a signature check allocates none. */
const wanted = Buffer.alloc(DIGEST);
const given = Buffer.alloc(DIGEST);

/**
 * The inner hash's message, the inner pad then the text: shared by every key (a signature is
 * computed at once, never interleaved) and grown for the longest text seen.
 */
let message = Buffer.alloc(BLOCK + 4096);

/**
 * An HMAC-SHA512 key (RFC 2104) prepared once: its inner and outer pad blocks. Each signature then
 * costs two one-shot hashes (`crypto.hash`) and creates no native object and no memory of its own
 * (the inner hash reads a view of a shared buffer): under load, Node's Hmac object and the digest
 * buffer it returns for every request cost the event loop far more than the hashing itself
 * (BENCHMARKS.md, "http").
 */
export class HmacSha512Key {
  private readonly innerPad: Buffer;
  /** The outer pad, then room for the inner digest: the outer hash's whole message. */
  private readonly outer: Buffer;

  constructor(secret: Buffer) {
    const key = secret.length > BLOCK ? hash('sha512', secret, 'buffer') : secret;
    this.innerPad = Buffer.alloc(BLOCK, 0x36);
    this.outer = Buffer.alloc(BLOCK + DIGEST, 0x5c);
    for (let i = 0; i < key.length; i++) {
      this.innerPad[i] = 0x36 ^ key[i]!;
      this.outer[i] = 0x5c ^ key[i]!;
    }
  }

  /**
   * Whether `signature` is the HMAC of `text` (as UTF-8, as `createHmac(…).update(text)` takes a
   * string) in lowercase hex, compared in constant time.
   */
  verifies(text: string, signature: string): boolean {
    // a hex write reads each character's low byte: U+0130 would pass for "0"
    if (!HEX_DIGEST.test(signature)) return false;
    given.write(signature, 0, 'hex');
    wanted.write(hash('sha512', this.outerMessage(text), 'binary'), 0, 'latin1');
    return timingSafeEqual(wanted, given);
  }

  /** The outer hash's message for `text`: the outer pad, then the inner digest. */
  private outerMessage(text: string): Buffer {
    // a UTF-16 code unit is at most 3 bytes of UTF-8
    if (message.length < BLOCK + 3 * text.length) message = Buffer.alloc(BLOCK + 3 * text.length);
    this.innerPad.copy(message, 0);
    const length = BLOCK + message.write(text, BLOCK, 'utf8');
    // 'binary': a digest as a string of bytes, written back as bytes (no buffer is made for it)
    this.outer.write(hash('sha512', message.subarray(0, length), 'binary'), BLOCK, 'latin1');
    return this.outer;
  }
}
