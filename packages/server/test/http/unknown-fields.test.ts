import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { ENDPOINTS, type Endpoint } from '@txc/sdk';
import { stateHash } from '../../src/venue/sequencer/state-hash.js';
import { SAMPLES, type Sample, type SampleIds } from '../support/endpoint-samples.js';
import { unknownField } from '../support/fuzz-bodies.js';
import {
  FUZZ_CONFIG,
  FUZZ_SEED as SEED,
  fieldsOf,
  prepareFuzzVenue,
  publicGet,
  signedPost,
  type Answer,
} from '../support/fuzz-venue.js';
import { comparable, comparableState, invariantBreaches } from '../support/state-checks.js';
import { TestServer } from '../support/test-server.js';

/** Extra tries with other unknown fields for requests that change nothing (reads). */
const READ_VARIANTS = 4;

const byPath = new Map(ENDPOINTS.map((e) => [e.path, e]));

/** Whether a JSON value has a `__proto__` key at any depth: a body holding one is refused (docs/security.md). */
function hasProtoKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasProtoKey);
  return Object.keys(value).some((k) => k === '__proto__' || hasProtoKey((value as Record<string, unknown>)[k]));
}

/** Unknown fields with any JSON values: never one the endpoint knows, nor an authentication field. */
function extras(endpoint: Endpoint): fc.Arbitrary<Record<string, unknown>> {
  const known = new Set([...fieldsOf(endpoint), 'request', 'nonce', 'nonceWindow']);
  const value =
    endpoint.kind === 'private'
      ? fc.jsonValue({ maxDepth: 2 }).filter((v) => !hasProtoKey(v))
      : fc.string({ maxLength: 12 });
  return fc.dictionary(
    unknownField.filter((k) => !known.has(k)),
    value,
    { minKeys: 1, maxKeys: 4 },
  );
}

function isClosed(endpoint: Endpoint): boolean {
  return (
    endpoint.kind === 'private' &&
    (endpoint.request as { additionalProperties?: unknown }).additionalProperties === false
  );
}

/**
 * DESIGN §1.4: unknown request fields are ignored, except where the spec closes the body. Two
 * venues set up alike are sent the same well-formed request for every endpoint, one plain and one
 * with generated unknown fields added: their answers must be the same (times and random ids aside),
 * and so must their whole states at the end.
 */
describe('unknown request fields are served as if they were absent', () => {
  let plain: TestServer;
  let extra: TestServer;
  let plainKey: { apiKey: string; apiSecret: string };
  let extraKey: { apiKey: string; apiSecret: string };
  let nonce = Date.now();

  before(async () => {
    [plain, extra] = await Promise.all([TestServer.start(FUZZ_CONFIG), TestServer.start(FUZZ_CONFIG)]);
    plainKey = await prepareFuzzVenue(plain);
    extraKey = await prepareFuzzVenue(extra);
  });
  after(async () => {
    await Promise.all([plain.stop(), extra.stop()]);
  });

  it('every endpoint of the SDK has a well-formed sample request', () => {
    const sampled = new Set(SAMPLES.map((s) => s.path));
    const missing = ENDPOINTS.filter((e) => !sampled.has(e.path)).map((e) => e.path);
    assert.deepEqual(missing, [], 'add a sample for each to test/support/endpoint-samples.ts');
    assert.deepEqual(
      SAMPLES.filter((s) => !byPath.has(s.path)).map((s) => s.path),
      [],
    );
  });

  it(`every endpoint answers the same with unknown fields added (seed ${SEED})`, async (t) => {
    const idsPlain: SampleIds = {};
    const idsExtra: SampleIds = {};
    let compared = 0;
    const send = (
      server: TestServer,
      sample: Sample,
      ids: SampleIds,
      added: Record<string, unknown>,
    ): Promise<Answer> => {
      if (sample.kind === 'public') {
        const query = new URLSearchParams({ ...sample.query, ...(added as Record<string, string>) }).toString();
        return publicGet(server.url, `${sample.url}${query === '' ? '' : `?${query}`}`);
      }
      const key = server === plain ? plainKey : extraKey;
      const body = { request: sample.path, nonce: ++nonce, ...sample.body(ids), ...added };
      return signedPost(server.url, sample.path, key, JSON.stringify(body));
    };

    for (const [index, sample] of SAMPLES.entries()) {
      const endpoint = byPath.get(sample.path)!;
      const variants = fc.sample(extras(endpoint), { numRuns: 1 + READ_VARIANTS, seed: SEED + index });
      const before = stateHash(plain.server.venue.state);
      const expected = await send(plain, sample, idsPlain, {});
      const changed =
        stateHash(plain.server.venue.state) !== before || (sample.kind === 'private' && sample.writes === true);
      let first: Answer | undefined;
      for (const added of changed ? variants.slice(0, 1) : variants) {
        const got = await send(extra, sample, idsExtra, added);
        first ??= got;
        const shown = `${sample.path} with ${JSON.stringify(added)}`;
        if (isClosed(endpoint)) {
          const errors = Object.fromEntries(Object.keys(added).map((k) => [k, [`The ${k} field is not allowed.`]]));
          assert.deepEqual([got.status, got.body], [422, { code: 30, message: 'Validation failed', errors }], shown);
          continue;
        }
        assert.equal(got.status, expected.status, `${shown}: ${JSON.stringify(got.body)}`);
        assert.deepEqual(comparable(got.body), comparable(expected.body), shown);
        compared++;
      }
      if (sample.kind === 'private') {
        sample.keep?.(expected.body, idsPlain);
        sample.keep?.(first?.body, idsExtra);
      }
    }
    assert.deepEqual(comparableState(extra.server.venue.state), comparableState(plain.server.venue.state));
    assert.deepEqual(invariantBreaches(extra.server.venue.state), []);
    t.diagnostic(`${SAMPLES.length} samples, ${compared} answers compared`);
  });
});
