import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditBody, auditText, REDACTED, redact } from '../../src/admin/audit-log.js';

describe('what the admin audit log keeps of a body', () => {
  it('never a secret, at any depth', () => {
    const body = {
      name: 'alice',
      apiKey: 'public-id',
      apiSecret: 's',
      nested: [{ password: 'p', token: 't', ok: 1 }],
      wallet: { privateKey: 'k', xprv: 'x', masterKey: 'm', mnemonic: 'abandon' },
    };
    assert.deepEqual(redact(body), {
      name: 'alice',
      apiKey: 'public-id',
      apiSecret: REDACTED,
      nested: [{ password: REDACTED, token: REDACTED, ok: 1 }],
      wallet: { privateKey: REDACTED, xprv: REDACTED, masterKey: REDACTED, mnemonic: REDACTED },
    });
    assert.ok(!auditBody(body)!.includes('abandon'));
  });

  it('a bounded amount of it, and nothing for no body', () => {
    assert.equal(auditBody(undefined), null);
    assert.equal(auditBody(null), null);
    const long = auditBody({ memo: 'x'.repeat(20_000) })!;
    assert.ok(long.length < 8300 && long.endsWith('…(cut)'));
  });

  it('caller text without control characters', () => {
    assert.equal(auditText('cli:eve\r\nforged line'), 'cli:eve??forged line');
    assert.ok(auditText('y'.repeat(2000)).length <= 513);
  });
});
