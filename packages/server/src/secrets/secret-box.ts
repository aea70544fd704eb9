import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** What every sealed value starts with; anything else in a secret column predates encryption at rest. */
export const SEALED_PREFIX = 'txc1.';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** A sealed value cannot be opened: another master key sealed it, or it was altered. */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/**
 * Seals secrets for storage with AES-256-GCM under the venue's master key. A sealed value reads
 * `txc1.<key id>.<base64url of iv ‖ ciphertext ‖ tag>`: the key id says which master key sealed it
 * (so a wrong key is named as such instead of failing as "tampered"), and the context a value was
 * sealed for (e.g. its API key) is authenticated with it, so a sealed secret copied into another
 * row does not open there.
 */
/** Hex digits of a master key's id, which every sealed value carries after its prefix. */
export const KEY_ID_LENGTH = 16;

export class SecretBox {
  readonly keyId: string;

  private constructor(private readonly key: Buffer) {
    // A label-keyed HMAC rather than a hash of the key itself: the id must say nothing usable about it.
    this.keyId = createHmac('sha256', key).update('txc master key id').digest('hex').slice(0, KEY_ID_LENGTH);
  }

  static fromKey(key: Buffer): SecretBox {
    if (key.length !== KEY_BYTES) throw new SecretBoxError(`a master key is ${KEY_BYTES} bytes, not ${key.length}`);
    return new SecretBox(Buffer.from(key));
  }

  static isSealed(text: string): boolean {
    return text.startsWith(SEALED_PREFIX);
  }

  /** The id of the master key that sealed a value; undefined when it is not a sealed value. */
  static keyIdOf(sealed: string): string | undefined {
    return SecretBox.isSealed(sealed) ? sealed.slice(SEALED_PREFIX.length).split('.')[0] : undefined;
  }

  seal(plaintext: string, context: string): string {
    // A random 96-bit IV per value: far below GCM's collision bound for any number of keys a venue issues.
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${SEALED_PREFIX}${this.keyId}.${body.toString('base64url')}`;
  }

  open(sealed: string, context: string): string {
    if (!SecretBox.isSealed(sealed)) throw new SecretBoxError('not a sealed value');
    const [keyId, encoded, ...rest] = sealed.slice(SEALED_PREFIX.length).split('.');
    if (keyId === undefined || encoded === undefined || rest.length > 0)
      throw new SecretBoxError('malformed sealed value');
    if (keyId !== this.keyId) {
      throw new SecretBoxError(
        `sealed under master key ${keyId}, but the configured master key is ${this.keyId}: configure the key this store was written with`,
      );
    }
    const body = Buffer.from(encoded, 'base64url');
    if (body.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('malformed sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, body.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretBoxError(`a sealed value for ${context} fails authentication: it was altered or moved`);
    }
  }
}
