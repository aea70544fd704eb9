import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERRORS, type ErrorName, type ErrorSpec } from '../src/errors/catalogue.js';
import { renderError } from '../src/errors/render-error.js';
import { TxcError } from '../src/errors/txc-error.js';

describe('error catalogue', () => {
  it('renders each family in its own shape', () => {
    assert.deepEqual(renderError('unauthorized'), {
      status: 401,
      body: { code: 10, message: 'Unauthorized request.', errors: {} },
    });
    assert.deepEqual(renderError('nonceTooLow'), {
      status: 429,
      body: { code: 0, message: 'Too many requests.', errors: {} },
    });
    assert.deepEqual(renderError('publicRateLimited'), {
      status: 429,
      body: { success: false, message: 'Too many requests.', params: [] },
    });
    assert.deepEqual(renderError('adminNotFound', { params: { detail: 'User x not found.' } }), {
      status: 404,
      body: { error: 'User x not found.' },
    });
    assert.deepEqual(renderError('mainValidation', { errors: { ticker: ['The ticker must be a string.'] } }), {
      status: 400,
      body: { code: 0, message: 'Validation failed', errors: { ticker: ['The ticker must be a string.'] } },
    });
  });

  it('every private error is {code, message, errors} with errors an object, {} when no field is at fault (spec §7)', () => {
    for (const [name, spec] of Object.entries(ERRORS) as [ErrorName, ErrorSpec][]) {
      if (spec.family !== 'private') continue;
      const { status, body } = renderError(name);
      const expected = spec.field === undefined ? {} : { [spec.field]: [spec.fieldMessage] };
      assert.equal(status, spec.http, name);
      assert.deepEqual(Object.keys(body as object), ['code', 'message', 'errors'], name);
      assert.deepEqual((body as { errors: unknown }).errors, expected, name);
    }
  });

  it('still reads a private body without errors, as the deployed service records some', () => {
    const e = new TxcError(401, { code: 10, message: 'Unauthorized request.' });
    assert.deepEqual([e.kind, e.code, e.errors], ['unauthorized', 10, {}]);
  });

  it('fills field messages from params', () => {
    assert.deepEqual(
      renderError('transferInsufficientFunds', { params: { available: '34.68', amount: '1000000' } }).body,
      {
        code: 3,
        message: 'Inner validation failed',
        errors: { amount: ["You don't have such amount for transfer (available 34.68, in amount: 1000000)"] },
      },
    );
  });

  it('every entry has a 4xx or 5xx status, and private entries a code', () => {
    for (const [name, spec] of Object.entries(ERRORS)) {
      assert.ok(spec.http >= 400 && spec.http < 600, name);
      if (spec.family === 'private') assert.equal(typeof (spec as { code?: number }).code, 'number', name);
    }
  });

  it('the client recognises what the server renders', () => {
    for (const name of [
      'unauthorized',
      'permissionDenied',
      'keyDisabled',
      'invalidPayload',
      'publicRateLimited',
    ] as ErrorName[]) {
      const { status, body } = renderError(name);
      const error = new TxcError(status, body);
      assert.equal(error.status, status);
      assert.equal(error.kind === name || ERRORS[error.kind!].message === ERRORS[name].message, true, name);
    }
    const e = new TxcError(422, {
      code: 30,
      message: 'Validation failed',
      errors: { amount: ['Amount field is required.'] },
    });
    assert.equal(e.code, 30);
    assert.deepEqual(e.errors, { amount: ['Amount field is required.'] });
    assert.equal(new TxcError(502, '<html>').family, 'public');
  });

  it('tells apart answers of one code that differ only in their message, templated or not', () => {
    const samples: [ErrorName, Record<string, string>][] = [
      ['subAccountApiKeyLimit', { max: '50' }],
      ['subAccountApiKeyTypeNotAllowed', {}],
      ['subAccountApiKeyRestrictedUrls', { urls: '/api/v4/main-account/address' }],
      ['subAccountApiKeyIpTaken', {}],
      ['subAccountApiKeyIpMissing', { ip: '192.168.1.100' }],
      ['subAccountApiKeyIpsFull', { max: '50' }],
    ];
    for (const [name, params] of samples) {
      const { status, body } = renderError(name, { params });
      assert.equal(new TxcError(status, body).kind, name);
    }
  });

  it('recognises the answers to slow, oversized and malformed HTTP requests in every family', () => {
    for (const name of [
      'privateRequestTimeout',
      'privateHeadersTooLarge',
      'privateBadRequest',
      'publicRequestTimeout',
      'publicHeadersTooLarge',
      'adminRequestTimeout',
      'adminHeadersTooLarge',
    ] as ErrorName[]) {
      const { status, body } = renderError(name);
      assert.equal(new TxcError(status, body).kind, name);
    }
    // The fixed message keeps the malformed-request entry from claiming other 400 code 0 answers.
    const validation = renderError('mainValidation', { errors: { ticker: ['The ticker must be a string.'] } });
    assert.equal(new TxcError(validation.status, validation.body).kind, 'mainValidation');
  });

  it('answers the API gives in the same words are one kind, and TxcError.is holds for each of their names', () => {
    const answers = (['privateRateLimited', 'nonceTooLow', 'nonceWindowReused'] as ErrorName[]).map((name) =>
      renderError(name),
    );
    for (const answer of answers) assert.deepEqual(answer, answers[0]);
    const { status, body } = renderError('nonceTooLow');
    const e = new TxcError(status, body);
    // a rate limit or a refused nonce: the answer cannot say which, so it does not pretend to
    assert.equal(e.kind, 'privateRateLimited');
    assert.deepEqual(e.kinds, ['privateRateLimited', 'nonceTooLow', 'nonceWindowReused']);
    for (const name of e.kinds) assert.equal(TxcError.is(e, name), true, name);
    assert.equal(TxcError.is(e, 'mainAccountThrottled'), false);

    const missing = renderError('ocoNotFound');
    const oco = new TxcError(missing.status, missing.body);
    assert.equal(TxcError.is(oco, 'ocoNotFound'), true);
    assert.equal(TxcError.is(oco, 'orderNotFound'), true);
    assert.equal(TxcError.is(oco, 'conditionalNotFound'), false);
  });

  it('reads the headers of any Headers-like object, not only the platform class', () => {
    /** A polyfill's Headers, as a page or an older runtime may bring: not `instanceof Headers`. */
    class PolyfillHeaders {
      private readonly map = new Map([['Retry-After', '2']]);
      forEach(callback: (value: string, name: string) => void): void {
        for (const [name, value] of this.map) callback(value, name);
      }
    }
    const e = new TxcError(503, 'unavailable', new PolyfillHeaders());
    assert.deepEqual(e.headers, { 'retry-after': '2' });
    assert.equal(e.retryAfterMs, 2000);
    assert.equal(new TxcError(503, 'unavailable', new Headers({ 'Retry-After': '4' })).retryAfterMs, 4000);
    assert.deepEqual(new TxcError(503, 'unavailable', { 'X-Seen': 'yes' }).headers, { 'x-seen': 'yes' });
  });

  it('reads a Retry-After in numbers as seconds, never as a date', () => {
    const wait = (value: string): number | undefined =>
      new TxcError(503, 'unavailable', { 'retry-after': value }).retryAfterMs;
    assert.equal(wait('3'), 3000);
    // Date.parse reads "1.5" as a day of 2001
    assert.equal(wait('1.5'), 1500);
    assert.equal(wait(' 0 '), 0);
    assert.equal(wait('-1'), undefined);
    assert.equal(wait('soon'), undefined);
    const later = wait(new Date(Date.now() + 10_000).toUTCString());
    assert.ok(later !== undefined && later > 5000 && later <= 10_000, String(later));
  });

  it("TxcError.is narrows to the API's errors, and to one catalogue entry", () => {
    const { status, body } = renderError('notEnoughBalance');
    const e: unknown = new TxcError(status, body);
    assert.equal(TxcError.is(e), true);
    assert.equal(TxcError.is(e, 'notEnoughBalance'), true);
    assert.equal(TxcError.is(e, 'orderNotFound'), false);
    assert.equal(TxcError.is(new Error('network down')), false);
    if (TxcError.is(e)) assert.deepEqual(e.errors, { amount: ['Not enough balance.'] });
  });
});
