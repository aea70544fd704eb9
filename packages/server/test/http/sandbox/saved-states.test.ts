import assert from 'node:assert/strict';
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { TxcError, type TxcClient } from '@txc/sdk';
import { ManualClock } from '../../support/manual-clock.js';
import { TestServer } from '../../support/test-server.js';
import { trader } from '../../support/trading.js';
import { WsTestClient } from '../../support/ws-client.js';

interface SavedState {
  name: string;
  seq: number;
  hash: string;
  store: string;
  savedAt: number;
  bytes: number;
}

describe('saved states: save, load, list, delete', () => {
  let server: TestServer;
  let alice: TxcClient;

  before(async () => {
    server = await TestServer.start();
    alice = await trader(server, 'alice', { USDT: '100000', BTC: '1' });
  });
  after(() => server.stop());

  const committed = async (): Promise<{ seq: number; hash: string }> =>
    (await server.admin('GET', '/admin/v1/state')).body as { seq: number; hash: string };

  it('save, trade, load: the venue is the saved one again, hash for hash; sockets are told to subscribe again', async () => {
    const saved = await server.admin('POST', '/admin/v1/states', { name: 'funded' });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    const state = saved.body as SavedState;
    assert.deepEqual({ seq: state.seq, hash: state.hash }, await committed());
    assert.equal(state.store, server.databaseUrl === 'sqlite' ? 'sqlite' : 'postgres');

    const order = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '30000' });
    const bob = await trader(server, 'bob', { USDT: '5' });
    assert.notDeepEqual(await committed(), { seq: state.seq, hash: state.hash });
    const ws = await WsTestClient.connect(server.url);

    const loaded = await server.admin('POST', '/admin/v1/states/funded/load');
    assert.deepEqual(loaded, { status: 200, body: state });
    assert.deepEqual(await committed(), { seq: state.seq, hash: state.hash });
    assert.deepEqual(await alice.activeOrders({ market: 'BTC_USDT' }), [], `order ${order.orderId} is gone`);
    assert.deepEqual(await alice.tradeBalance('USDT'), { available: '100000', freeze: '0' });
    // bob's key came after the save: it is gone with him
    await assert.rejects(bob.tradeBalance('USDT'), (e) => TxcError.is(e) && e.status === 401);
    assert.equal((await ws.closed).code, 4004);
    // the venue goes on from there
    await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '30000' });
    await alice.orderCancelAll({ market: 'BTC_USDT' });
  });

  it('lists by name; a name in use is refused unless replaced; bad and unknown names; delete', async () => {
    const list = (await server.admin('GET', '/admin/v1/states')).body as SavedState[];
    assert.deepEqual(
      list.map((s) => s.name),
      ['funded'],
    );
    const again = await server.admin('POST', '/admin/v1/states', { name: 'funded' });
    assert.equal(again.status, 409);
    const replaced = await server.admin('POST', '/admin/v1/states', { name: 'funded', replace: true });
    assert.equal(replaced.status, 201);
    assert.deepEqual({ seq: (replaced.body as SavedState).seq }, { seq: (await committed()).seq });
    for (const name of ['', '../etc', 'a b', 'x'.repeat(65)]) {
      const r = await server.admin('POST', '/admin/v1/states', { name });
      assert.equal(r.status, 400, name);
    }
    assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'initial' })).status, 400);
    assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'x', keep: true })).status, 400);
    assert.equal((await server.admin('POST', '/admin/v1/states/nothing/load')).status, 404);
    assert.deepEqual((await server.admin('DELETE', '/admin/v1/states/funded')).body, { deleted: 'funded' });
    assert.equal((await server.admin('DELETE', '/admin/v1/states/funded')).status, 404);
    assert.deepEqual((await server.admin('GET', '/admin/v1/states')).body, []);
    // not a demo venue: nothing to reset to
    assert.deepEqual(await server.admin('POST', '/admin/v1/reset'), {
      status: 409,
      body: { error: 'Reset returns a demo venue to its first state: this venue was not seeded by --demo here.' },
    });
  });

  it('two admin operations at once run one after the other, and commands wait for the last', async () => {
    const { venue } = server.server;
    let releaseFirst = (): void => undefined;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let secondStarted = false;
    const first = venue.exclusive(() => firstHeld);
    const second = venue.exclusive(() => {
      secondStarted = true;
      return new Promise<void>((resolve) => setTimeout(resolve, 300));
    });
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(secondStarted, false, 'the second waits for the first');
    releaseFirst();
    await first;
    for (let i = 0; i < 100 && !secondStarted; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(secondStarted, true);
    // the first is done, the second still works: the venue takes no command yet
    await assert.rejects(
      alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '20000' }),
      (e) => TxcError.is(e) && e.status === 503,
    );
    await second;
    const order = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '20000' });
    await alice.orderCancel({ market: 'BTC_USDT', orderId: order.orderId });
  });

  it("a loaded state records this venue's master key, whatever key the venue it was saved from had", async () => {
    assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'elsewhere' })).status, 201);
    // as a state saved where another master key was recorded, though none of its secrets is sealed under it
    const file = join(server.dataDir, 'states', 'elsewhere.rows.json.gz');
    const saved = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as {
      rows: { meta?: { key: string; value: string }[] };
    };
    const meta = (saved.rows.meta ?? []).filter((r) => r.key !== 'secrets.master-key-id');
    saved.rows.meta = [...meta, { key: 'secrets.master-key-id', value: 'feedfacefeedface' }];
    writeFileSync(file, gzipSync(JSON.stringify(saved)));
    assert.equal((await server.admin('POST', '/admin/v1/states/elsewhere/load')).status, 200);
    // the next start finds the key it was given, not the other venue's
    await server.restart();
    assert.equal((await server.admin('GET', '/admin/v1/state')).status, 200);
  });

  it('loading while clients hammer: each answer is the order or 503, and what was acknowledged after the load stays', async () => {
    // one key per client: a key's nonces must arrive in order, which concurrent requests of one key would not
    const clients = await Promise.all([0, 1, 2, 3].map((n) => trader(server, `storm${n}`, { USDT: '100000' })));
    await server.admin('POST', '/admin/v1/states', { name: 'before-storm' });
    const saved = await committed();
    let stop = false;
    let loadedAt = Number.POSITIVE_INFINITY;
    const acknowledgedAfter: string[] = [];
    const statuses = new Set<number>();
    const hammer = async (client: TxcClient, n: number): Promise<void> => {
      for (let i = 0; !stop; i++) {
        const clientOrderId = `storm-${n}-${i}`;
        try {
          await client.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '20000', clientOrderId });
          statuses.add(200);
          if (performance.now() > loadedAt) acknowledgedAfter.push(clientOrderId);
        } catch (e) {
          assert.ok(TxcError.is(e), String(e));
          statuses.add(e.status);
        }
      }
    };
    const hammering = clients.map(hammer);
    await new Promise((r) => setTimeout(r, 100));
    const loaded = await server.admin('POST', '/admin/v1/states/before-storm/load');
    loadedAt = performance.now();
    assert.equal(loaded.status, 200, JSON.stringify(loaded.body));
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await Promise.all(hammering);
    assert.deepEqual(
      [...statuses].filter((s) => s !== 200 && s !== 503),
      [],
      'only orders and 503s',
    );
    const open = new Set<string>();
    for (const client of clients) {
      for (const o of await client.activeOrders({ market: 'BTC_USDT', limit: 100 })) open.add(o.clientOrderId);
      await client.orderCancelAll({ market: 'BTC_USDT' });
    }
    for (const id of acknowledgedAfter) assert.ok(open.has(id), `${id} was acknowledged after the load`);
    assert.ok((await committed()).seq >= saved.seq);
  });
});

describe('public answers after a load: none shows the future it discarded, cached or not', () => {
  let server: TestServer;
  const clock = new ManualClock();
  before(async () => {
    server = await TestServer.start({}, undefined, { clock });
  });
  after(() => server.stop());

  const read = async (path: string): Promise<unknown> => {
    const r = await fetch(`${server.url}${path}`);
    assert.equal(r.status, 200, path);
    return r.json();
  };
  const resultOf = async (path: string): Promise<unknown> => ((await read(path)) as { result: unknown }).result;
  const btcTicker = async (): Promise<unknown> => {
    const { last_price, base_volume } = (
      (await read('/api/v4/public/ticker')) as Record<string, Record<string, unknown>>
    ).BTC_USDT!;
    return { last_price, base_volume };
  };
  const asks = async (): Promise<unknown> =>
    ((await read('/api/v4/public/orderbook/BTC_USDT')) as { asks: unknown }).asks;

  it('save, make 3 trades, load: trades, histories, ticker and book at once show the saved venue', async () => {
    const alice = await trader(server, 'alice', { BTC: '1' });
    const bob = await trader(server, 'bob', { USDT: '100000' });
    assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'quiet' })).status, 201);
    const quiet = { ticker: await btcTicker(), asks: await asks() };
    for (const price of ['30000', '30100', '30200']) {
      await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price });
      await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price });
    }
    await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '31000' });
    // past every cache period, so that what is read next is the venue with its trades
    clock.advance(2000);
    await clock.standingStill(async () => {
      assert.equal(((await read('/api/v4/public/trades/BTC_USDT')) as unknown[]).length, 3);
      assert.equal(((await resultOf('/api/v1/public/history?market=BTC_USDT&lastId=0')) as unknown[]).length, 3);
      assert.equal(((await resultOf('/api/v2/public/trades/BTC_USDT')) as unknown[]).length, 3);
      assert.notDeepEqual(await btcTicker(), quiet.ticker);
      assert.notDeepEqual(await asks(), quiet.asks);

      assert.equal((await server.admin('POST', '/admin/v1/states/quiet/load')).status, 200);
      // the same instant: within every cache period of the reads above
      assert.deepEqual(await read('/api/v4/public/trades/BTC_USDT'), []);
      assert.deepEqual(await resultOf('/api/v1/public/history?market=BTC_USDT&lastId=0'), []);
      assert.deepEqual(await resultOf('/api/v2/public/trades/BTC_USDT'), []);
      assert.deepEqual(await btcTicker(), quiet.ticker);
      assert.deepEqual(await asks(), quiet.asks);
    });
  });
});

describe('a saved state that cannot load: refused with what is wrong, the venue untouched', () => {
  let server: TestServer;
  let alice: TxcClient;
  let states: string;

  before(async () => {
    server = await TestServer.start();
    alice = await trader(server, 'alice', { USDT: '100000' });
    states = join(server.dataDir, 'states');
  });
  after(() => server.stop());

  const committed = async (): Promise<unknown> => (await server.admin('GET', '/admin/v1/state')).body;
  const good = (): { description: SavedState; rows: Buffer } => ({
    description: JSON.parse(readFileSync(join(states, 'good.json'), 'utf8')) as SavedState,
    rows: readFileSync(join(states, 'good.rows.json.gz')),
  });
  /** A load refused 409 with this message, and nothing of the venue changed: its state, its orders, its sockets. */
  const refused = async (name: string, error: RegExp | string): Promise<void> => {
    const before = await committed();
    const ws = await WsTestClient.connect(server.url);
    const load = await server.admin('POST', `/admin/v1/states/${name}/load`);
    assert.equal(load.status, 409, JSON.stringify(load.body));
    const message = (load.body as { error: string }).error;
    if (typeof error === 'string') assert.equal(message, error);
    else assert.match(message, error);
    assert.deepEqual(await committed(), before);
    assert.equal((await alice.activeOrders({ market: 'BTC_USDT' })).length, 1, 'the order placed after the save stays');
    assert.deepEqual(await ws.call('ping'), 'pong', 'sockets stay open');
    await ws.close();
  };

  it('a description whose hash is not what its rows rebuild to: 409 before anything is replaced', async () => {
    assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'good' })).status, 201);
    const { description, rows } = good();
    writeFileSync(join(states, 'bad3.rows.json.gz'), rows);
    writeFileSync(join(states, 'bad3.json'), JSON.stringify({ ...description, hash: '00' }));
    await alice.transfer({ ticker: 'USDT', amount: '1', from: 'spot', to: 'main' });
    await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '30000' });
    const { seq } = description;
    await refused(
      'bad3',
      `Saved state bad3 is damaged: it rebuilds to seq ${seq} hash ${description.hash}, not the saved seq ${seq} hash 00.`,
    );
    // the venue takes commands as before
    await alice.transfer({ ticker: 'USDT', amount: '1', from: 'main', to: 'spot' });
  });

  it('a state saved where another master key seals the API keys: 409, for its keys would not open here', async () => {
    const elsewhere = await TestServer.start();
    try {
      await elsewhere.user('zoe');
      assert.equal((await elsewhere.admin('POST', '/admin/v1/states', { name: 'theirs' })).status, 201);
      for (const file of ['theirs.json', 'theirs.rows.json.gz']) {
        copyFileSync(join(elsewhere.dataDir, 'states', file), join(states, file));
      }
    } finally {
      await elsewhere.stop();
    }
    await refused(
      'theirs',
      /^Saved state theirs was saved under master key [0-9a-f]+, and this venue's is [0-9a-f]+: it loads only where its API keys open\.$/,
    );
    assert.equal((await server.admin('DELETE', '/admin/v1/states/theirs')).status, 200);
  });

  it('a rows file with a table or a column this store lacks (a newer txc saved it): 409, the venue untouched', async () => {
    const { description, rows } = good();
    const saved = JSON.parse(gunzipSync(rows).toString('utf8')) as { rows: Record<string, Record<string, unknown>[]> };
    const variants = {
      newcol: { ...saved.rows, meta: saved.rows.meta!.map((row) => ({ ...row, from_a_newer_txc: 1 })) },
      newtable: { ...saved.rows, from_a_newer_txc: [] },
    };
    for (const [name, tables] of Object.entries(variants)) {
      writeFileSync(join(states, `${name}.json`), JSON.stringify(description));
      writeFileSync(join(states, `${name}.rows.json.gz`), gzipSync(JSON.stringify({ format: 1, rows: tables })));
    }
    await refused('newcol', 'newcol is in a format this txc cannot read (column meta.from_a_newer_txc).');
    await refused('newtable', 'newtable is in a format this txc cannot read.');
    for (const name of Object.keys(variants)) {
      assert.equal((await server.admin('DELETE', `/admin/v1/states/${name}`)).status, 200);
    }
  });

  it('a part missing, cut short or not JSON: 409 naming the state and the part; listed with its problem; deleted', async () => {
    const { description, rows } = good();
    writeFileSync(join(states, 'cut.json'), JSON.stringify(description));
    writeFileSync(join(states, 'cut.rows.json.gz'), rows.subarray(0, rows.length >> 1));
    writeFileSync(join(states, 'lone.json'), JSON.stringify(description));
    writeFileSync(join(states, 'orphan.rows.json.gz'), rows);
    writeFileSync(join(states, 'junk.json'), '{"seq":');
    writeFileSync(join(states, 'junk.rows.json.gz'), rows);
    writeFileSync(join(states, 'mush.json'), JSON.stringify(description));
    writeFileSync(join(states, 'mush.rows.json.gz'), gzipSync('{"format":1,"rows":'));
    // changed inside at the size it was saved with
    const flipped = Buffer.from(rows);
    flipped.fill(0, flipped.length >> 1, (flipped.length >> 1) + 16);
    writeFileSync(join(states, 'flip.json'), JSON.stringify(description));
    writeFileSync(join(states, 'flip.rows.json.gz'), flipped);

    await refused(
      'cut',
      /^Saved state cut is damaged: cut\.rows\.json\.gz cannot be unpacked \(.+\): it was cut short or changed\.$/,
    );
    await refused(
      'lone',
      'Saved state lone is incomplete: lone.rows.json.gz is missing; put it back beside lone.json, or delete the state.',
    );
    await refused(
      'orphan',
      'Saved state orphan is incomplete: orphan.json, its description, is missing; save it again or delete it.',
    );
    await refused('junk', 'Saved state junk is damaged: junk.json does not hold JSON.');
    await refused('mush', 'Saved state mush is damaged: mush.rows.json.gz does not hold JSON.');
    await refused(
      'flip',
      /^Saved state flip is damaged: flip\.rows\.json\.gz cannot be unpacked \(.+\): it was cut short or changed\.$/,
    );

    const listed = await server.admin('GET', '/admin/v1/states');
    assert.equal(listed.status, 200);
    const problems = Object.fromEntries(
      (listed.body as { name: string; problem?: string }[]).map((s) => [s.name, s.problem]),
    );
    // a rows file of the wrong size shows in the list; one changed inside at its size only when it loads
    const resized = (name: string): string =>
      `Saved state ${name} is damaged: ${name}.rows.json.gz is ${statSync(join(states, `${name}.rows.json.gz`)).size} bytes, not the ${description.bytes} it was saved with: it was cut short or changed.`;
    assert.deepEqual(problems, {
      bad3: undefined,
      cut: resized('cut'),
      flip: undefined,
      good: undefined,
      junk: 'Saved state junk is damaged: junk.json does not hold JSON.',
      lone: 'Saved state lone is incomplete: lone.rows.json.gz is missing; put it back beside lone.json, or delete the state.',
      mush: resized('mush'),
    });
    for (const name of ['bad3', 'cut', 'flip', 'lone', 'orphan', 'junk', 'mush']) {
      assert.deepEqual(await server.admin('DELETE', `/admin/v1/states/${name}`), {
        status: 200,
        body: { deleted: name },
      });
    }
    assert.deepEqual(readdirSync(states).sort(), ['good.json', 'good.rows.json.gz']);
    // the good one still loads: the order placed after it is gone
    assert.equal((await server.admin('POST', '/admin/v1/states/good/load')).status, 200);
    assert.deepEqual(await alice.activeOrders({ market: 'BTC_USDT' }), []);
  });
});

describe('reset: a demo venue back to its first state', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start({ demo: true });
  });
  after(() => server.stop());

  it('the first state is saved as seeded; reset returns to it after trading', async () => {
    const first = await server.admin('GET', '/admin/v1/state');
    const initial = ((await server.admin('GET', '/admin/v1/states')).body as SavedState[]).find(
      (s) => s.name === 'initial',
    );
    assert.deepEqual({ seq: initial?.seq, hash: initial?.hash }, first.body);
    const alice = await trader(server, 'alice', { USDT: '1000' });
    await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' });
    const reset = await server.admin('POST', '/admin/v1/reset');
    assert.equal(reset.status, 200);
    assert.deepEqual((await server.admin('GET', '/admin/v1/state')).body, first.body);
  });

  it('a load or a reset clears the fault rules: the next test starts on a venue nothing breaks', async () => {
    assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'before-faults' })).status, 201);
    const rules = [
      { type: 'haltMarket', market: 'BTC_USDT' },
      { type: 'latency', routes: 'all', ms: 50 },
    ];
    for (const [replace, path] of [
      ['load', '/admin/v1/states/before-faults/load'],
      ['reset', '/admin/v1/reset'],
    ] as const) {
      for (const rule of rules) assert.equal((await server.admin('POST', '/admin/v1/faults', rule)).status, 201);
      assert.equal(((await server.admin('GET', '/admin/v1/faults')).body as unknown[]).length, rules.length);
      assert.equal((await server.admin('POST', path)).status, 200, replace);
      assert.deepEqual((await server.admin('GET', '/admin/v1/faults')).body, [], replace);
    }
    // the market halted before the reset takes orders again
    const bob = await trader(server, 'bob-faults', { USDT: '1000' });
    const order = await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' });
    assert.equal(order.status, 'NEW');
  });

  it('a field sent to reset or load, which take none, is refused by name, and nothing is loaded', async () => {
    const alice = await trader(server, 'alice2', { USDT: '1000' });
    await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' });
    const before = await server.admin('GET', '/admin/v1/state');
    assert.deepEqual(await server.admin('POST', '/admin/v1/reset', { name: 'before-test' }), {
      status: 400,
      body: { error: 'Unknown field name; this route takes no body.' },
    });
    assert.deepEqual(await server.admin('POST', '/admin/v1/states/initial/load', { foo: 1, bar: 2 }), {
      status: 400,
      body: { error: 'Unknown fields foo, bar; this route takes no body.' },
    });
    // an array is no object, and every admin route that takes no body says so
    assert.deepEqual(await server.admin('POST', '/admin/v1/reset', []), {
      status: 400,
      body: { error: 'The body must be a JSON object.' },
    });
    assert.deepEqual(await server.admin('DELETE', '/admin/v1/faults', { all: true }), {
      status: 400,
      body: { error: 'Unknown field all; this route takes no body.' },
    });
    assert.deepEqual((await server.admin('GET', '/admin/v1/state')).body, before.body);
    assert.equal((await server.admin('POST', '/admin/v1/reset', {})).status, 200, 'an empty object is no field');
  });

  it('the first state cannot be deleted: refused as saving it is, and reset still returns to it', async () => {
    const first = await server.admin('GET', '/admin/v1/state');
    assert.deepEqual(await server.admin('DELETE', '/admin/v1/states/initial'), {
      status: 400,
      body: { error: "initial is the demo's first state, which reset loads: it cannot be deleted." },
    });
    assert.ok(((await server.admin('GET', '/admin/v1/states')).body as SavedState[]).some((s) => s.name === 'initial'));
    await trader(server, 'dora', { USDT: '10' });
    assert.equal((await server.admin('POST', '/admin/v1/reset')).status, 200);
    assert.deepEqual((await server.admin('GET', '/admin/v1/state')).body, first.body);
  });

  it('a first state removed by hand: reset says it is missing and what to do, not that the venue is no demo', async () => {
    const states = join(server.dataDir, 'states');
    const aside = mkdtempSync(join(tmpdir(), 'txc-initial-'));
    for (const file of ['initial.json', 'initial.rows.json.gz']) renameSync(join(states, file), join(aside, file));
    try {
      const reset = await server.admin('POST', '/admin/v1/reset');
      assert.equal(reset.status, 409);
      const { error } = reset.body as { error: string };
      assert.match(error, /first state, and this one's is missing from .*states/);
      assert.match(error, /initial\.json and initial\.rows\.json\.gz back/);
    } finally {
      for (const file of ['initial.json', 'initial.rows.json.gz']) renameSync(join(aside, file), join(states, file));
      rmSync(aside, { recursive: true, force: true });
    }
    assert.equal((await server.admin('POST', '/admin/v1/reset')).status, 200);
  });
});
