import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { SEALED_PREFIX, SecretBox, SecretBoxError } from '../../src/secrets/secret-box.js';

describe('sealing secrets at rest (AES-256-GCM)', () => {
  const box = SecretBox.fromKey(randomBytes(32));

  it('opens what it sealed, for any text and context', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme-ascii' }), (secret, context) => {
        const sealed = box.seal(secret, context);
        assert.ok(SecretBox.isSealed(sealed));
        assert.equal(box.open(sealed, context), secret);
      }),
    );
  });

  it('never seals the same secret twice alike (a fresh IV each time)', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => box.seal('the same secret', 'ctx')));
    assert.equal(seen.size, 1000);
  });

  it('refuses a sealed value moved to another context', () => {
    const sealed = box.seal('s3cret', 'txc/api-key/aaa');
    assert.throws(() => box.open(sealed, 'txc/api-key/bbb'), SecretBoxError);
  });

  it('refuses any altered byte', () => {
    const sealed = box.seal('s3cret', 'ctx');
    const [prefix, id, body] = [SEALED_PREFIX, sealed.split('.')[1]!, sealed.split('.')[2]!];
    const bytes = Buffer.from(body, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const altered = Buffer.from(bytes);
      altered[i] = altered[i]! ^ 0x01;
      assert.throws(
        () => box.open(`${prefix}${id}.${altered.toString('base64url')}`, 'ctx'),
        SecretBoxError,
        `byte ${i}`,
      );
    }
    assert.throws(
      () => box.open(`${prefix}${id}.${bytes.subarray(0, 20).toString('base64url')}`, 'ctx'),
      SecretBoxError,
    );
    assert.throws(() => box.open(`${sealed}.extra`, 'ctx'), SecretBoxError);
  });

  it('names a wrong master key as such', () => {
    const other = SecretBox.fromKey(randomBytes(32));
    const sealed = box.seal('s3cret', 'ctx');
    assert.notEqual(other.keyId, box.keyId);
    assert.throws(
      () => other.open(sealed, 'ctx'),
      (e: unknown) => e instanceof SecretBoxError && e.message.includes(box.keyId) && e.message.includes(other.keyId),
    );
  });

  it('the same key always has the same id, which is not the key', () => {
    const key = randomBytes(32);
    const id = SecretBox.fromKey(key).keyId;
    assert.equal(SecretBox.fromKey(Buffer.from(key)).keyId, id);
    assert.ok(!key.toString('hex').includes(id));
  });

  it('takes 32-byte keys only', () => {
    assert.throws(() => SecretBox.fromKey(randomBytes(16)), SecretBoxError);
    assert.throws(() => SecretBox.fromKey(randomBytes(33)), SecretBoxError);
  });

  it('tells sealed values from the plaintext secrets older stores hold', () => {
    assert.equal(SecretBox.isSealed(randomBytes(32).toString('hex')), false);
    assert.equal(SecretBox.isSealed(box.seal('x', 'y')), true);
  });
});
