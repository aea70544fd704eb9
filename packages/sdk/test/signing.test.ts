import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { base64Utf8, HEADER_APIKEY, HEADER_PAYLOAD, HEADER_SIGNATURE, Signer } from '../src/signing.js';
import { timestampNonces } from '../src/nonce.js';

describe('signing (reference §1.2)', () => {
  it('base64 of the UTF-8 body equals Node’s own, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        assert.equal(base64Utf8(text), Buffer.from(text, 'utf8').toString('base64'));
      }),
    );
  });

  it('signs the base64 payload text with HMAC-SHA512, lowercase hex', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 64 }), fc.json(), async (secret, body) => {
        const signer = new Signer(secret);
        const headers = await signer.headers('key', body);
        const payload = Buffer.from(body, 'utf8').toString('base64');
        assert.equal(headers[HEADER_APIKEY], 'key');
        assert.equal(headers[HEADER_PAYLOAD], payload);
        assert.equal(headers[HEADER_SIGNATURE], createHmac('sha512', secret).update(payload).digest('hex'));
      }),
      { numRuns: 50 },
    );
  });
});

describe('nonces', () => {
  it('never repeat and never go back, even when the clock does', () => {
    const times = [1000, 1000, 999, 500, 1001, 1001, 2000];
    let i = 0;
    const source = timestampNonces(() => times[i++] ?? 2000);
    const seen = times.map(() => source.next());
    for (let k = 1; k < seen.length; k++) assert.ok(seen[k]! > seen[k - 1]!);
    assert.equal(seen[0], 1000);
    assert.equal(seen.at(-1), 2000);
  });
});
