import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';
import { tempDirs } from '../support/temp-dirs.js';

describe('the txc command finding its venue', () => {
  const dataDir = tempDirs('txc-cli-');

  it('reaches a server started with its own admin token, given the token; never makes one up', async () => {
    const dir = dataDir();
    const adminToken = 'an-operator-token-'.repeat(2);
    const server = await TestServer.start({ adminToken }, dir);
    try {
      const without = await txc(['user', 'show', 'demo', '--data-dir', dir]);
      assert.equal(without.code, 1);
      assert.match(without.stderr, /^txc: a server holds .* give it with --admin-token or TXC_ADMIN_TOKEN\n$/);
      assert.equal(existsSync(join(dir, 'admin-token')), false);
      const created = await txc(['user', 'create', 'sam', '--data-dir', dir, '--admin-token', adminToken]);
      assert.equal(created.code, 0, created.stderr);
      const wrong = await txc(['user', 'show', 'sam', '--data-dir', dir, '--admin-token', 'x'.repeat(32)]);
      assert.equal(wrong.code, 1);
      assert.doesNotMatch(wrong.stderr, /\n\s+at /);
    } finally {
      await server.stop({ keepData: true });
    }
  });

  it('refuses a data dir that does not exist rather than open a new venue there', async () => {
    const dir = join(dataDir(), 'mistyped');
    const shown = await txc(['user', 'show', 'alice', '--data-dir', dir]);
    assert.deepEqual(
      [shown.code, shown.stderr],
      [1, `txc: no data dir at ${dir} (txc serve creates one; name it with --data-dir)\n`],
    );
    assert.equal(existsSync(dir), false);
  });

  it('refuses a data dir without its SQLite store rather than make an empty one (a venue on PostgreSQL)', async () => {
    const dir = dataDir();
    const shown = await txc(['user', 'show', 'alice', '--data-dir', dir]);
    assert.deepEqual(
      [shown.code, shown.stderr],
      [
        1,
        `txc: no SQLite store in ${dir} (txc serve creates it; a venue on PostgreSQL is reached with --database or TXC_DATABASE_URL)\n`,
      ],
    );
    assert.equal(existsSync(join(dir, 'txc.sqlite')), false);
  });

  it('tells its version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    assert.deepEqual(await txc(['--version']), { code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('says in one line why a PostgreSQL store cannot be opened', async () => {
    const url = `postgres://postgres@127.0.0.1:5432/txc_no_such_database_${process.pid}`;
    const shown = await txc(['user', 'show', 'alice', '--data-dir', dataDir(), '--database', url]);
    assert.equal(shown.code, 1);
    // "does not exist" with the machine's server up, a refused connection without it: never a stack
    assert.match(shown.stderr, /^txc: the PostgreSQL store cannot be opened: [^\n]+\n$/);
  });
});
