import assert from 'node:assert/strict';
import { TxcError } from '@txc/sdk';

/** Awaits a request that must fail, and checks its HTTP status and exact body. */
export async function expectError(request: Promise<unknown>, status: number, body: unknown): Promise<void> {
  await assert.rejects(request, (e: unknown) => {
    assert.ok(e instanceof TxcError, String(e));
    assert.deepEqual([e.status, e.body], [status, body]);
    return true;
  });
}

/** The body of a mining request-validation failure (HTTP 400, code 0). */
export function invalid(errors: Record<string, string[]>): unknown {
  return { code: 0, message: 'Validation failed', errors };
}

export const NOT_FOUND = invalid({ user: ['Mining account not found.'] });

/** The pagination rules shared by the mining listings (limit 1–100, offset 0–10000), keys as in the reference. */
export async function expectPageValidation(list: (body: Record<string, unknown>) => Promise<unknown>): Promise<void> {
  await expectError(list({ limit: 101 }), 400, invalid({ limit: ['validation.max.integer'] }));
  await expectError(list({ limit: 0 }), 400, invalid({ limit: ['validation.min.integer'] }));
  await expectError(list({ limit: 'ten' }), 400, invalid({ limit: ['validation.integer'] }));
  await expectError(list({ limit: '1.5' }), 400, invalid({ limit: ['validation.integer'] }));
  await expectError(list({ offset: 10_001 }), 400, invalid({ offset: ['validation.max'] }));
  await expectError(list({ offset: -1 }), 400, invalid({ offset: ['validation.min'] }));
}
