import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDirs } from '../support/temp-dirs.js';
import { txc } from '../support/txc-cli.js';

/**
 * A templated configuration whose variable is unset leaves a setting empty: the host would listen on
 * every interface, the data dir would be the working directory's nothing. Each is refused by name.
 */
describe('an empty setting', () => {
  const dir = tempDirs('txc-empty-setting-');

  for (const [setting, flag] of [
    ['host', '--host'],
    ['dataDir', '--data-dir'],
    ['database', '--database'],
    ['venue', '--venue'],
  ] as const) {
    it(`${setting}: refused by name, from a flag or a config file, before anything is made`, async () => {
      const home = dir();
      const dataDir = join(home, 'data');
      const rest = setting === 'dataDir' ? [] : ['--data-dir', dataDir];
      const refusal = `txc: invalid configuration: /${setting} must not be empty\n`;
      const fromFlag = await txc(['serve', '--port', '0', flag, '', ...rest], { timeoutMs: 20_000 });
      assert.deepEqual([fromFlag.code, fromFlag.stderr, fromFlag.stdout], [1, refusal, '']);
      const file = join(home, 'txc.json');
      writeFileSync(file, JSON.stringify({ [setting]: '' }));
      const fromFile = await txc(['serve', '--port', '0', '--config', file, ...rest], { timeoutMs: 20_000 });
      assert.deepEqual([fromFile.code, fromFile.stderr, fromFile.stdout], [1, refusal, '']);
      assert.equal(existsSync(dataDir), false);
      assert.deepEqual(readdirSync(home), ['txc.json']);
    });
  }

  it('a TXC_ variable set to nothing is refused by name, not taken for the default', async () => {
    const home = dir();
    for (const name of ['TXC_DATA_DIR', 'TXC_PORT', 'TXC_HOST', 'TXC_DATABASE_URL', 'TXC_ADMIN_TOKEN', 'TXC_CONFIG']) {
      const r = await txc(['serve', '--port', '0', '--data-dir', join(home, 'data')], {
        env: { [name]: '' },
        timeoutMs: 20_000,
      });
      const refusal = `txc: invalid configuration: ${name} set but empty (unset for the default)\n`;
      assert.deepEqual([r.code, r.stderr, r.stdout], [1, refusal, ''], name);
    }
    assert.deepEqual(readdirSync(home), []);
  });

  it('a CLI command refuses an empty data dir too', async () => {
    const r = await txc(['user', 'show', 'nobody', '--data-dir', '']);
    assert.deepEqual([r.code, r.stderr], [1, 'txc: invalid configuration: /dataDir must not be empty\n']);
  });
});
