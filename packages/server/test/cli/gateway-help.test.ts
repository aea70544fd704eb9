import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { txc } from '../support/txc-cli.js';

/** `--help` joins a description's words again: what commander wrapped onto several lines, on one. */
function optionText(help: string, option: string): string {
  const lines = help.split('\n');
  const start = lines.findIndex((line) => line.trimStart().startsWith(option));
  assert.notEqual(start, -1, `${option} is in the help`);
  const text = [lines[start]!];
  for (const line of lines.slice(start + 1)) {
    if (line.trimStart().startsWith('-') || line.trim() === '') break;
    text.push(line);
  }
  return text.join(' ').replace(/\s+/g, ' ');
}

/**
 * A gateway has no SQLite, makes no master key and no admin token of its own: one that followed a
 * server's defaults would stop at start-up, so its help must not offer them.
 */
describe('txc gateway --help', () => {
  it("names the cluster's PostgreSQL, master key and admin token, not a server's defaults", async () => {
    const { code, stdout } = await txc(['gateway', '--help']);
    assert.equal(code, 0);
    const database = optionText(stdout, '--database');
    assert.doesNotMatch(database, /sqlite/i);
    assert.match(database, /postgres:\/\//);
    const masterKey = optionText(stdout, '--master-key-file');
    assert.doesNotMatch(masterKey, /<data-dir>\/master-key/);
    assert.match(masterKey, /TXC_MASTER_KEY/);
    const token = optionText(stdout, '--admin-token');
    assert.doesNotMatch(token, /generated/);
    assert.match(token, /TXC_ADMIN_TOKEN/);
  });

  it('leaves `txc serve` its own defaults', async () => {
    const { code, stdout } = await txc(['serve', '--help']);
    assert.equal(code, 0);
    assert.match(optionText(stdout, '--database'), /sqlite \(default\)/);
    assert.match(optionText(stdout, '--master-key-file'), /<data-dir>\/master-key/);
  });
});
