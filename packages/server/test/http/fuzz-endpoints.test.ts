import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { ENDPOINT_GROUPS, ENDPOINTS, groupOf, type Endpoint } from '@txc/sdk';
import { stateHash } from '../../src/venue/sequencer/state-hash.js';
import { NONCE_SLOT, pathParam, privateBodyText, queryText } from '../support/fuzz-bodies.js';
import {
  assertFor,
  FUZZ_CONFIG,
  fieldsOf,
  isPrivateErrorBody,
  isPublicErrorBody,
  prepareFuzzVenue,
  publicGet,
  signedPost,
  type Answer,
} from '../support/fuzz-venue.js';
import { invariantBreaches } from '../support/state-checks.js';
import { TestServer } from '../support/test-server.js';

/** Wall-clock time each endpoint group is fuzzed for: the whole file stays well under a minute. */
const BUDGET_MS = Number(process.env.TXC_FUZZ_MS ?? 2500);
/** Below this many requests in its budget, a group was not fuzzed at all: a stuck server, not a pass. */
const MIN_RUNS = 10;

interface Generated {
  readonly endpoint: Endpoint;
  /** Private: the body text (nonce to fill in); public: the path and query. */
  readonly text: string;
}

function generated(endpoint: Endpoint): fc.Arbitrary<Generated> {
  if (endpoint.kind === 'private') {
    return privateBodyText(
      fieldsOf(endpoint).filter((f) => !['request', 'nonce', 'nonceWindow'].includes(f)),
      endpoint.path,
    ).map((text) => ({ endpoint, text }));
  }
  return fc
    .tuple(pathParam, queryText(fieldsOf(endpoint)))
    .map(([param, query]) => ({ endpoint, text: `${endpoint.path.replace(/:[a-z]+/gi, param)}?${query}` }));
}

describe('fuzzing every endpoint: generated requests never break the server or the books', () => {
  let server: TestServer;
  let key: { apiKey: string; apiSecret: string };
  let nonce = Date.now();

  before(async () => {
    server = await TestServer.start(FUZZ_CONFIG);
    key = await prepareFuzzVenue(server);
  });
  after(() => server.stop());

  const send = (g: Generated): Promise<Answer> =>
    g.endpoint.kind === 'private'
      ? signedPost(server.url, g.endpoint.path, key, g.text.replace(NONCE_SLOT, String(++nonce)))
      : publicGet(server.url, g.text);

  for (const group of ENDPOINT_GROUPS) {
    const endpoints = ENDPOINTS.filter((e) => groupOf(e) === group);
    if (endpoints.length === 0) continue;
    it(`${group}: below 500 always, errors in their family, refusals change nothing`, async (t) => {
      const venue = server.server.venue;
      let runs = 0;
      let accepted = 0;
      const statuses = new Map<number, number>();
      await assertFor(
        fc.constantFrom(...endpoints).chain(generated),
        async (g) => {
          runs++;
          const before = { seq: venue.state.seq, hash: stateHash(venue.state) };
          const r = await send(g);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          const shown = `${g.endpoint.path} ${g.text} → ${r.status} ${JSON.stringify(r.body)}`;
          assert.ok(r.status < 500, shown);
          if (r.status < 400) {
            accepted++;
            assert.deepEqual(invariantBreaches(venue.state), [], shown);
            return;
          }
          assert.match(r.contentType ?? '', /^application\/json/, shown);
          assert.ok(g.endpoint.kind === 'private' ? isPrivateErrorBody(r.body) : isPublicErrorBody(r.body), shown);
          assert.deepEqual({ seq: venue.state.seq, hash: stateHash(venue.state) }, before, `changed by ${shown}`);
        },
        BUDGET_MS,
      );
      assert.ok(runs >= MIN_RUNS, `only ${runs} requests in ${BUDGET_MS} ms`);
      assert.deepEqual(invariantBreaches(venue.state), []);
      t.diagnostic(
        `${runs} requests, ${accepted} accepted; by status: ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
    });
  }
});
