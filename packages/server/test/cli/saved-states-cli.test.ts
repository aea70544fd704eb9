import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';

describe('txc state: save, list, load and delete from the command line', () => {
  const dataDir = tempDirs('txc-states-');

  it('on a data dir no server holds: save, change, load back; through the running server alike', async () => {
    const dir = dataDir();
    const server = await TestServer.start({ database: 'sqlite' }, dir);
    await server.user('ada', { deposits: { BTC: '1' } });
    await server.stop({ keepData: true });

    const saved = await txc(['state', 'save', 'ada-funded', '--data-dir', dir]);
    assert.equal(saved.code, 0, saved.stderr);
    const state = JSON.parse(saved.stdout) as { name: string; seq: number; hash: string };
    assert.equal(state.name, 'ada-funded');
    assert.equal((await txc(['user', 'create', 'bob', '--data-dir', dir])).code, 0);
    const again = await txc(['state', 'save', 'ada-funded', '--data-dir', dir]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /replace/);

    const loaded = await txc(['state', 'load', 'ada-funded', '--data-dir', dir]);
    assert.equal(loaded.code, 0, loaded.stderr);
    const replayed = JSON.parse((await txc(['replay', '--data-dir', dir])).stdout) as { seq: number; hash: string };
    assert.deepEqual({ seq: replayed.seq, hash: replayed.hash }, { seq: state.seq, hash: state.hash });
    assert.equal((await txc(['user', 'show', 'bob', '--data-dir', dir])).code, 1, 'bob came after the save');

    const running = await TestServer.start({ database: 'sqlite' }, dir);
    try {
      const listed = await txc(['state', 'list', '--data-dir', dir]);
      assert.deepEqual(
        (JSON.parse(listed.stdout) as { name: string }[]).map((s) => s.name),
        ['ada-funded'],
      );
      assert.equal((await txc(['state', 'load', 'ada-funded', '--data-dir', dir])).code, 0);
      assert.equal((await txc(['state', 'delete', 'ada-funded', '--data-dir', dir])).code, 0);
      assert.equal((await txc(['state', 'load', 'ada-funded', '--data-dir', dir])).code, 1);
    } finally {
      await running.stop();
    }
  });

  it('initial, the first state of a demo venue, cannot be deleted: on the data dir or through the server', async () => {
    const dir = dataDir();
    const server = await TestServer.start({ database: 'sqlite', demo: true }, dir);
    try {
      const refused = await txc(['state', 'delete', 'initial', '--data-dir', dir]);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /initial is the demo's first state, which reset loads: it cannot be deleted/);
    } finally {
      await server.stop({ keepData: true });
    }
    const offline = await txc(['state', 'delete', 'initial', '--data-dir', dir]);
    assert.equal(offline.code, 1);
    assert.match(offline.stderr, /it cannot be deleted/);
    const reset = await txc(['reset', '--data-dir', dir]);
    assert.equal(reset.code, 0, reset.stderr);
  });

  it('a damaged saved state: load prints what is wrong and changes nothing; list still lists', async () => {
    const dir = dataDir();
    const server = await TestServer.start({ database: 'sqlite' }, dir);
    await server.user('ada', { deposits: { BTC: '1' } });
    await server.stop({ keepData: true });
    assert.equal((await txc(['state', 'save', 'good', '--data-dir', dir])).code, 0);
    const states = join(dir, 'states');
    const description = JSON.parse(readFileSync(join(states, 'good.json'), 'utf8')) as { seq: number; hash: string };
    copyFileSync(join(states, 'good.rows.json.gz'), join(states, 'bad3.rows.json.gz'));
    writeFileSync(join(states, 'bad3.json'), JSON.stringify({ ...description, hash: '00' }));
    writeFileSync(join(states, 'lone.json'), JSON.stringify(description));
    assert.equal((await txc(['user', 'create', 'bob', '--data-dir', dir])).code, 0);
    const before = (await txc(['replay', '--data-dir', dir])).stdout;

    const bad = await txc(['state', 'load', 'bad3', '--data-dir', dir]);
    assert.equal(bad.code, 1);
    assert.match(
      bad.stderr,
      /Saved state bad3 is damaged: it rebuilds to seq \d+ hash [0-9a-f]+, not the saved seq \d+ hash 00\./,
    );
    const lone = await txc(['state', 'load', 'lone', '--data-dir', dir]);
    assert.equal(lone.code, 1);
    assert.match(lone.stderr, /Saved state lone is incomplete: lone\.rows\.json\.gz is missing/);
    assert.equal((await txc(['replay', '--data-dir', dir])).stdout, before, 'the venue is as it was');
    assert.equal((await txc(['user', 'show', 'bob', '--data-dir', dir])).code, 0);

    const listed = await txc(['state', 'list', '--data-dir', dir]);
    assert.equal(listed.code, 0, listed.stderr);
    assert.deepEqual(
      (JSON.parse(listed.stdout) as { name: string; problem?: string }[]).map((s) => [s.name, s.problem !== undefined]),
      [
        ['bad3', false],
        ['good', false],
        ['lone', true],
      ],
    );
  });
});
