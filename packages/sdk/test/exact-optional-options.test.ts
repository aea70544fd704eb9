import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** Options as a bot builds them from its environment: every optional value possibly undefined. */
const SNIPPET = `
import { TxcClient, TxcStream } from '@txc/sdk';

const txc = new TxcClient({
  baseUrl: 'http://127.0.0.1:8080',
  apiKey: process.env.TXC_API_KEY,
  apiSecret: process.env.TXC_API_SECRET,
  nonces: undefined,
  nonceWindow: process.env.TXC_NONCE_WINDOW === undefined ? undefined : true,
  timeoutMs: undefined,
  fetch: undefined,
});
new TxcStream({
  url: 'ws://127.0.0.1:8080/ws',
  WebSocket: undefined,
  tokens: txc,
  reconnect: undefined,
  pingIntervalMs: undefined,
  pongTimeoutMs: undefined,
  connectTimeoutMs: undefined,
  onError: undefined,
  onDisconnect: undefined,
  onReconnect: undefined,
});
await txc.markets({}, { signal: undefined });
export {};
`;

describe('options under exactOptionalPropertyTypes', () => {
  it('every optional option takes undefined, as process.env hands it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-sdk-exact-'));
    try {
      symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
      writeFileSync(join(dir, 'bot.mts'), SNIPPET);
      const config = {
        extends: join(REPO, 'tsconfig.base.json'),
        compilerOptions: { exactOptionalPropertyTypes: true, lib: ['ES2023', 'DOM'], types: ['node'] },
        files: ['bot.mts'],
      };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
      const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
      const complaints = await promisify(execFile)(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], {
        cwd: dir,
      }).then(
        () => '',
        (e: Error & { stdout?: string }) => e.stdout ?? e.message,
      );
      assert.equal(complaints, '');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
