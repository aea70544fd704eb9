import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { codeBlocks, runSnippet } from '../support/doc-snippets.js';
import { txc, txcServe } from '../support/txc-cli.js';

const PAGE = 'docs/quickstart-bots.md';

/** docs/quickstart-bots.md, followed to the letter against `txc serve --demo` in its own process. */
describe('the bots quick start works as written', () => {
  let dataDir: string;
  let server: { child: ChildProcess; url: string };
  /** Each bot gets a user of its own, made with the page's commands. */
  const envs: Record<string, Record<string, string>> = {};

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'txc-quickstart-'));
    const [start] = codeBlocks(PAGE, 'sh');
    assert.match(start ?? '', /^npx txc serve --demo$/m);
    server = await txcServe(['--demo', '--data-dir', dataDir]);
  });
  after(async () => {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('funds a user and creates its key with the commands of the page', async () => {
    const commands = codeBlocks(PAGE, 'sh')
      .flatMap((block) => block.split('\n'))
      .filter((line) => line.startsWith('npx txc ') && !line.startsWith('npx txc serve'));
    assert.equal(commands.length, 4);
    const fund = async (bot: string): Promise<void> => {
      for (const line of commands.map((l) => l.replace('alice', bot))) {
        const result = await txc([...line.split(/\s+/).slice(2), '--data-dir', dataDir]);
        assert.equal(result.code, 0, `${line}\n${result.stderr}`);
        if (line.includes('--json')) {
          const key = JSON.parse(result.stdout) as { apiKey: string; apiSecret: string };
          envs[bot] = { TXC_API_KEY: key.apiKey, TXC_API_SECRET: key.apiSecret };
        }
      }
    };
    await Promise.all([fund('alice'), fund('bob')]);
    assert.ok(envs.alice !== undefined && envs.bob !== undefined);
  });

  it('ccxt: three lines, then a first order that rests on the book and is cancelled', async () => {
    const [code] = codeBlocks(PAGE, 'js');
    const out = (await runSnippet(code ?? '', { url: server.url, ext: 'mjs', env: envs.alice })).trim().split('\n');
    const [id, status] = (out[0] ?? '').split(' ');
    assert.equal(status, 'NEW');
    assert.equal(out[1], `[ '${id}' ]`);
    assert.match(out[2] ?? '', /free: 409\.41, used: 590\.59, total: 1000/);
  });

  it('the SDK: three lines, a first order, and a typed error', async () => {
    const [code] = codeBlocks(PAGE, 'ts');
    const out = (await runSnippet(code ?? '', { url: server.url, ext: 'mts', env: envs.bob })).trim().split('\n');
    assert.match(out[0] ?? '', /^\d+ NEW$/);
    assert.match(out[1] ?? '', /available: '409\.41', freeze: '590\.59'/);
    assert.match(out[2] ?? '', /^400 10 \{ amount: \[ 'Not enough balance\.' \] \}$/);
  });
});
