import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  configuredMasterKey,
  generateMasterKey,
  MASTER_KEY_FILE,
  MasterKeyError,
} from '../../src/secrets/master-key.js';
import { tempDirs } from '../support/temp-dirs.js';

describe('the master key', () => {
  const dataDir = tempDirs('txc-master-key-');

  it('is generated into the data dir once, readable by its owner only, and reused after', () => {
    const dir = dataDir();
    assert.equal(configuredMasterKey({ dataDir: dir }), undefined);
    const first = generateMasterKey(dir);
    assert.equal(first.source, 'data-dir');
    assert.equal(first.generated, true);
    assert.equal(first.key.length, 32);
    const path = join(dir, MASTER_KEY_FILE);
    if (process.platform !== 'win32') assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.match(readFileSync(path, 'utf8'), /^[0-9a-f]{64}\n$/);
    const again = configuredMasterKey({ dataDir: dir })!;
    assert.equal(again.generated, false);
    assert.deepEqual(again.key, first.key);
    assert.equal(again.exposed, false);
  });

  it('says when the key file is readable by others', { skip: process.platform === 'win32' }, () => {
    const dir = dataDir();
    writeFileSync(join(dir, MASTER_KEY_FILE), randomBytes(32).toString('hex'), { mode: 0o644 });
    assert.equal(configuredMasterKey({ dataDir: dir })?.exposed, true);
  });

  it('comes from the configuration or a file it names, before the data dir', () => {
    const dir = dataDir();
    const hex = randomBytes(32).toString('hex');
    const configured = configuredMasterKey({ dataDir: dir, masterKey: hex })!;
    assert.deepEqual([configured.source, configured.key.toString('hex')], ['config', hex]);
    const file = join(dataDir(), 'key');
    writeFileSync(file, `${hex.toUpperCase()}\n`, { mode: 0o600 });
    const fromFile = configuredMasterKey({ dataDir: dir, masterKeyFile: file })!;
    assert.deepEqual([fromFile.source, fromFile.key.toString('hex')], ['file', hex]);
    assert.throws(() => readFileSync(join(dir, MASTER_KEY_FILE)), /ENOENT/);
    assert.throws(() => configuredMasterKey({ dataDir: dir, masterKey: hex, masterKeyFile: file }), MasterKeyError);
  });

  it('stops start-up on a file that holds no key, and never replaces it', () => {
    const dir = dataDir();
    const path = join(dir, MASTER_KEY_FILE);
    writeFileSync(path, 'not a key\n', { mode: 0o600 });
    assert.throws(() => configuredMasterKey({ dataDir: dir }), MasterKeyError);
    assert.equal(readFileSync(path, 'utf8'), 'not a key\n');
    assert.throws(() => configuredMasterKey({ dataDir: dir, masterKeyFile: join(dir, 'missing') }), MasterKeyError);
  });
});
