import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { tempDirs } from '../support/temp-dirs.js';
import { TXC_BIN } from '../support/txc-cli.js';

/** The txc command copied into a package folder of its own, with `bundle` as its build (none: not built). */
async function runCopy(dir: string, bundle?: string): Promise<{ code: number; stderr: string }> {
  mkdirSync(join(dir, 'bin'));
  copyFileSync(TXC_BIN, join(dir, 'bin', 'txc.js'));
  if (bundle !== undefined) {
    mkdirSync(join(dir, 'dist', 'bundle'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'bundle', 'txc.js'), bundle);
  }
  return promisify(execFile)(process.execPath, [join(dir, 'bin', 'txc.js'), '--version']).then(
    () => ({ code: 0, stderr: '' }),
    (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
  );
}

describe('the txc command without its build', () => {
  const dir = tempDirs('txc-not-built-');

  it('says the server is not built when there is no bundle', async () => {
    const { code, stderr } = await runCopy(dir());
    assert.deepEqual([code, stderr], [1, 'txc: the server is not built: run `npm run build` (npm install does it)\n']);
  });

  it('shows what is missing when the bundle is there and a module it imports is not', async () => {
    const { code, stderr } = await runCopy(dir(), "import './chunk-gone.js';\n");
    assert.equal(code, 1);
    assert.doesNotMatch(stderr, /not built/);
    assert.match(stderr, /chunk-gone\.js/);
  });
});
