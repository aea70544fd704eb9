import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';

const VALID = ['a', 'Z9', 'alice.b-c_d', 'x'.repeat(64), '.hidden', 'a..b', '_', '-'];
const MALFORMED = ['x'.repeat(65), 'with space', 'slash/name', 'ünï', 'semi;colon', 'tab\tname'];
const RESERVED = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
const DOTS = ['.', '..', '...'];

describe('user names: letters, digits, _ - and ., 1 to 64 of them, none reserved', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start();
  });
  after(() => server.stop());

  it('the admin API takes every valid name', async () => {
    for (const name of VALID) {
      const r = await server.admin('POST', '/admin/v1/users', { name });
      assert.equal(r.status, 201, `${name}: ${JSON.stringify(r.body)}`);
      const shown = await server.admin('GET', `/admin/v1/users/${encodeURIComponent(name)}`);
      assert.equal((shown.body as { name: string }).name, name);
    }
  });

  it('the admin API refuses each other name with a clear error, and creates nothing', async () => {
    const seq = server.server.venue.state.seq;
    const cases: [string, string][] = [
      ...MALFORMED.map((n): [string, string] => [
        n,
        'name must be 1 to 64 letters, digits, dots, dashes or underscores.',
      ]),
      ...RESERVED.map((n): [string, string] => [n, `name ${n} is reserved: choose another.`]),
      ...DOTS.map((n): [string, string] => [
        n,
        'name must hold a letter, a digit, a dash or an underscore, not dots alone.',
      ]),
    ];
    for (const [name, error] of cases) {
      const r = await server.admin('POST', '/admin/v1/users', { name });
      assert.deepEqual([r.status, r.body], [400, { error }], JSON.stringify(name));
    }
    assert.equal(server.server.venue.state.seq, seq, 'no command was journaled');
    assert.equal(server.server.venue.state.users.has('__proto__'), false);
  });
});

describe('txc user create', () => {
  const dataDir = tempDirs('txc-names-');

  it('refuses a reserved name and a malformed one, saying why', async () => {
    const dir = dataDir();
    await (await TestServer.start({}, dir)).stop({ keepData: true });
    const proto = await txc(['user', 'create', '__proto__', '--data-dir', dir]);
    assert.deepEqual([proto.code, proto.stderr], [1, 'txc: name __proto__ is reserved: choose another.\n']);
    const ctor = await txc(['user', 'create', 'constructor', '--data-dir', dir]);
    assert.deepEqual([ctor.code, ctor.stderr], [1, 'txc: name constructor is reserved: choose another.\n']);
    const spaced = await txc(['user', 'create', 'a b', '--data-dir', dir]);
    assert.deepEqual(
      [spaced.code, spaced.stderr],
      [1, 'txc: name must be 1 to 64 letters, digits, dots, dashes or underscores.\n'],
    );
    const made = await txc(['user', 'create', 'constructor.1', '--data-dir', dir]);
    assert.equal(made.code, 0, made.stderr);
  });
});
