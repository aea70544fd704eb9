import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { TestServer } from '../support/test-server.js';

const SDK_DIR = fileURLToPath(new URL('../../../sdk/', import.meta.url));
const require = createRequire(import.meta.url);

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  assert.equal(r.status, 0, `${command} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** `npm` as this test run was started with, or the one on PATH. */
function npm(args: readonly string[], cwd: string): string {
  const cli = process.env.npm_execpath;
  return cli !== undefined && cli.endsWith('.js') ? run(process.execPath, [cli, ...args], cwd) : run('npm', args, cwd);
}

/** The directory of an installed package (its `exports` may hide package.json). */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!statSync(join(dir, 'package.json'), { throwIfNoEntry: false })?.isFile() || !dir.endsWith(name)) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package directory for ${name}`);
    dir = up;
  }
  return dir;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path).map((f) => join(name, f)) : [name];
  });
}

/**
 * The SDK as `npm pack` ships it, installed in an empty directory beside nothing but its declared
 * dependency, and used from plain Node (no tsx, no workspace): compiled JavaScript and declarations,
 * no server code, no import of an unpublished package.
 */
describe('the packed SDK stands alone', () => {
  let dir: string;
  let installed: string;
  let server: TestServer;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'txc-sdk-pack-'));
    const out = npm(['pack', '--json', '--pack-destination', dir], SDK_DIR);
    const [{ filename }] = JSON.parse(out.slice(out.indexOf('['))) as [{ filename: string }];
    installed = join(dir, 'node_modules', '@txc', 'sdk');
    mkdirSync(installed, { recursive: true });
    run('tar', ['-xzf', join(dir, filename), '-C', installed, '--strip-components=1'], dir);
    // its one dependency, as npm would install it
    symlinkSync(packageDir('typebox'), join(dir, 'node_modules', 'typebox'), 'dir');
    server = await TestServer.start();
  });
  after(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds compiled JavaScript with declarations, a README and its manifest, nothing else', () => {
    const shipped = files(installed).sort();
    assert.ok(shipped.includes('package.json') && shipped.includes('README.md'));
    const other = shipped.filter((f) => !/^dist\/.*\.(js|d\.ts)$/.test(f) && f !== 'package.json' && f !== 'README.md');
    assert.deepEqual(other, []);
    for (const js of shipped.filter((f) => f.endsWith('.js'))) {
      assert.ok(shipped.includes(js.replace(/\.js$/, '.d.ts')), `${js} has declarations`);
    }
  });

  it('depends on published packages only, and imports nothing of Node or of a server', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      exports: unknown;
    };
    assert.deepEqual(Object.keys(manifest.dependencies ?? {}), ['typebox']);
    const imported = new Set<string>();
    for (const f of files(join(installed, 'dist')).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(join(installed, 'dist', f), 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'([^'.][^']*)'/g)) imported.add(m[1] ?? '');
    }
    assert.deepEqual([...imported], ['typebox']);
  });

  it('runs in plain Node: signs, talks to a real txc, and recognises its errors', async () => {
    const { apiKey, apiSecret } = await server.user('packed', { deposits: { USDT: '12.5' } });
    const script = `
      import { TxcClient, TxcError, ENDPOINTS, Signer } from '@txc/sdk';
      const client = new TxcClient({ baseUrl: process.env.TXC_URL, apiKey: process.env.KEY, apiSecret: process.env.SECRET });
      const forged = new TxcClient({ baseUrl: process.env.TXC_URL, apiKey: process.env.KEY, apiSecret: 'wrong' });
      const error = await forged.mainBalance('USDT').catch((e) => e);
      console.log(JSON.stringify({
        ping: await client.ping(),
        balance: await client.mainBalance('USDT'),
        endpoints: ENDPOINTS.length,
        error: error instanceof TxcError ? [error.status, error.kind] : String(error),
        headers: await new Signer('s').headers('k', '{}'),
      }));`;
    // asynchronously: the server it talks to runs in this process
    const { stdout: out } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: dir,
      env: { ...process.env, TXC_URL: server.url, KEY: apiKey, SECRET: apiSecret },
    });
    const result = JSON.parse(out) as Record<string, unknown>;
    assert.deepEqual(result.ping, ['pong']);
    assert.deepEqual(result.balance, { main_balance: '12.5' });
    assert.ok((result.endpoints as number) > 30);
    assert.deepEqual(result.error, [401, 'unauthorized']);
    assert.equal((result.headers as Record<string, string>)['X-TXC-PAYLOAD'], 'e30=');
  });

  it('its declarations type-check a consumer on their own', () => {
    writeFileSync(
      join(dir, 'consumer.ts'),
      `import { TxcClient, TxcError, type Order } from '@txc/sdk';
       const client = new TxcClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'k', apiSecret: 's' });
       export const order: Promise<Order> = client.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '1', price: '1' });
       export const code = (e: unknown): number | undefined => (e instanceof TxcError ? e.code : undefined);
       // @ts-expect-error: orderNew takes its fields, not a number
       client.orderNew(1);\n`,
    );
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2023', 'dom'],
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'], dir);
  });
});
