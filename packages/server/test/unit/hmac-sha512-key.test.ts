import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { HmacSha512Key } from '../../src/venue/keys/hmac-sha512-key.js';

const nodeHmac = (secret: Uint8Array, text: string): string => createHmac('sha512', secret).update(text).digest('hex');

describe('HMAC-SHA512 keys', () => {
  it('verify what createHmac signs, for keys shorter and longer than a block and texts of any length', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 6000 })),
        (secret, text) => {
          assert.equal(new HmacSha512Key(Buffer.from(secret)).verifies(text, nodeHmac(secret, text)), true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keep verifying correctly after a longer text has grown the shared buffer, with several keys in turn', () => {
    const a = new HmacSha512Key(Buffer.from('a'.repeat(64)));
    const b = new HmacSha512Key(Buffer.from('b'.repeat(200)));
    const long = 'x'.repeat(20_000);
    assert.equal(a.verifies(long, nodeHmac(Buffer.from('a'.repeat(64)), long)), true);
    assert.equal(b.verifies('short', nodeHmac(Buffer.from('b'.repeat(200)), 'short')), true);
    assert.equal(a.verifies('short', nodeHmac(Buffer.from('a'.repeat(64)), 'short')), true);
    assert.equal(a.verifies('short', nodeHmac(Buffer.from('b'.repeat(200)), 'short')), false);
    // half of a surrogate pair is written as U+FFFD by both
    assert.equal(a.verifies('\ud800x\udc00', nodeHmac(Buffer.from('a'.repeat(64)), '\ud800x\udc00')), true);
  });

  it('verify a signature in lowercase hex, and refuse upper case, one changed character, a wrong length or non-hex look-alikes', () => {
    const secret = Buffer.from('s3cret');
    const key = new HmacSha512Key(secret);
    const signature = nodeHmac(secret, 'payload');
    assert.equal(key.verifies('payload', signature), true);
    assert.equal(key.verifies('payload', signature.toUpperCase()), false);
    assert.equal(key.verifies('payload!', signature), false);
    const last = signature.at(-1) === '0' ? '1' : '0';
    assert.equal(key.verifies('payload', signature.slice(0, -1) + last), false);
    assert.equal(key.verifies('payload', signature.slice(0, -2)), false);
    assert.equal(key.verifies('payload', ''), false);
    // U+0130 and friends end in the byte of a hex digit in latin1; they must not pass for it
    const lookAlike = [...signature].map((c) => String.fromCharCode(0x100 + c.charCodeAt(0))).join('');
    assert.equal(key.verifies('payload', lookAlike), false);
  });
});
