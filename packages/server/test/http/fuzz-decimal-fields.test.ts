import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { ENDPOINTS, TxcError, type TxcClient } from '@txc/sdk';
import { stateHash } from '../../src/venue/sequencer/state-hash.js';
import { SAMPLES, type Sample, type SampleIds } from '../support/endpoint-samples.js';
import { decimalText } from '../support/fuzz-bodies.js';
import {
  FUZZ_CONFIG,
  FUZZ_SEED,
  fieldsOf,
  isPrivateErrorBody,
  isPublicErrorBody,
  prepareFuzzVenue,
} from '../support/fuzz-venue.js';
import { invariantBreaches } from '../support/state-checks.js';
import { TestServer } from '../support/test-server.js';

/** Generated texts per field, on top of the edge cases below; TXC_FUZZ_RUNS explores further. */
const RUNS = Number(process.env.TXC_FUZZ_RUNS ?? 4);

/** Texts every field is sent: far past any precision, exactly a round value, far past any size. */
const EDGE_CASES = [
  `0.${'0'.repeat(60)}1`,
  `-0.${'0'.repeat(60)}1`,
  `0.1${'0'.repeat(52)}`,
  `1.${'0'.repeat(498)}`,
  `0.${'0'.repeat(498)}`,
  `1${'0'.repeat(499)}`,
  '9'.repeat(500),
  `${'0'.repeat(250)}1`,
];

/** A public endpoint's path parameter, as a field name no endpoint has. */
const PATH = ':path';

/** Order fields an accepted order answers as its shortest exact text. */
const ECHOED = ['amount', 'price'];

/** Where an answer shows an order field: at its top, or, for an OCO group, on its limit leg (`price` is that leg's). */
function echoed(body: Record<string, unknown>, field: string): unknown {
  const leg = body.take_profit as Record<string, unknown> | undefined;
  return field in body || leg === undefined ? body[field] : leg[field];
}

/** The shortest text of a decimal written without an exponent: no trailing zeros, no bare point. */
function canonical(text: string): string {
  const [whole = '', fraction = ''] = text.split('.');
  const kept = fraction.replace(/0+$/, '');
  return kept === '' ? whole : `${whole}.${kept}`;
}

const byPath = new Map(ENDPOINTS.map((e) => [e.path, e]));

/** The last sample of each endpoint: the one a request reaches the deepest checks from. */
const samples = [...new Map(SAMPLES.map((s) => [s.path, s])).values()];

/** An answer of the API: its status and body, whether the SDK's client returned it or threw it. */
async function answered(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    return { status: 200, body: await call };
  } catch (e) {
    if (!(e instanceof TxcError)) throw e;
    return { status: e.status, body: e.body };
  }
}

/**
 * Spec §7 and DESIGN §1: every request gets an answer in the API's own format, whatever numbers it
 * carries. Each endpoint's well-formed sample is sent with one field at a time replaced by decimal
 * text of 1–500 characters, so that the text reaches the deepest checks of that field (a market and
 * a side already valid, an amount already on its step), through the SDK's signing client.
 */
describe('decimal text of any length in every field of every endpoint: read or refused, never a 5xx', () => {
  let server: TestServer;
  let client: TxcClient;
  const ids: SampleIds = {};

  /** The sample as it is, or with one field (`PATH`: its path parameter) replaced by `text`. */
  const send = (
    sample: Sample,
    change?: { field: string; text: string },
  ): Promise<{ status: number; body: unknown }> => {
    const replaced = change === undefined ? {} : { [change.field]: change.text };
    if (sample.kind === 'private')
      return answered(client.privatePost(sample.path, { ...sample.body(ids), ...replaced }));
    if (change?.field === PATH)
      return answered(client.publicGet(sample.url.replace(/[^/]+$/, change.text), sample.query));
    return answered(client.publicGet(sample.url, { ...sample.query, ...replaced }));
  };

  before(async () => {
    server = await TestServer.start(FUZZ_CONFIG);
    const key = await prepareFuzzVenue(server);
    client = server.client(key.apiKey, key.apiSecret);
    // the state every sample is written for: funds moved, orders resting, a mining account
    for (const sample of SAMPLES) {
      const r = await send(sample);
      if (sample.kind === 'private') sample.keep?.(r.body, ids);
    }
  });
  after(() => server.stop());

  for (const sample of samples) {
    const endpoint = byPath.get(sample.path)!;
    const fields = fieldsOf(endpoint).filter((f) => !['request', 'nonce', 'nonceWindow'].includes(f));
    if (sample.path.includes('/:')) fields.push(PATH);
    if (fields.length === 0) continue;

    it(`${sample.path}: ${fields.join(', ')}`, async () => {
      const venue = server.server.venue;
      for (const field of fields) {
        await fc.assert(
          fc.asyncProperty(decimalText, async (text) => {
            const before = { seq: venue.state.seq, hash: stateHash(venue.state) };
            const r = await send(sample, { field, text });
            const shown = `${sample.path} ${field}=${text} → ${r.status} ${JSON.stringify(r.body)}`;
            assert.ok(r.status < 500, shown);
            if (r.status < 400) {
              // an order placed from the text holds exactly its value
              if (sample.path.startsWith('/api/v4/order/') && ECHOED.includes(field)) {
                assert.equal(echoed(r.body as Record<string, unknown>, field), canonical(text), shown);
              }
              return;
            }
            const isErrorBody = sample.kind === 'private' ? isPrivateErrorBody : isPublicErrorBody;
            assert.ok(isErrorBody(r.body), shown);
            assert.deepEqual({ seq: venue.state.seq, hash: stateHash(venue.state) }, before, `changed by ${shown}`);
          }),
          { numRuns: RUNS, seed: FUZZ_SEED, endOnFailure: true, examples: EDGE_CASES.map((t) => [t]) },
        );
      }
      assert.deepEqual(invariantBreaches(venue.state), []);
    });
  }
});
