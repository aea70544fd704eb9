#!/usr/bin/env node
// `npm run release [-- --out <dir>] [-- --check]`: a self-contained txc for this platform, as a folder
// and a tarball in <dir> (default ./release): the compiled packages, their production dependencies
// at the lockfile's versions, and the native SQLite module built by this checkout's install. It runs
// with `node` alone: `node txc-<version>-<os>-<arch>/txc.mjs serve`. With --check, the result is
// started once on a fresh data dir and must answer /health and serve the dashboard at /ui/. CI and the
// Dockerfile both run this.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * The workspaces a server needs at run time, and what each ships (its package.json `files`): the
 * dashboard ships its built page alone (its libraries are bundled into it, so none is installed).
 */
const PACKAGES = ['packages/core', 'packages/sdk', 'packages/server', 'packages/web'];

const { values } = parseArgs({
  options: { out: { type: 'string', default: 'release' }, check: { type: 'boolean', default: false } },
});

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** Compiled JavaScript and the package's other run-time files; no declarations, maps or build state. */
function shipped(source) {
  return !/\.(d\.ts|d\.mts|map|tsbuildinfo)$/.test(source);
}

const started = performance.now();
const version = readJson(join(ROOT, 'packages/server/package.json')).version;
const name = `txc-${version}-${process.platform}-${process.arch}`;
const outDir = resolve(ROOT, values.out);
const dir = join(outDir, name);

// 1. the build, as `npm run build` makes it: the packages, the bundle `txc` runs, then the dashboard's page
run(
  process.execPath,
  [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json'],
  ROOT,
);
run(process.execPath, [join(ROOT, 'packages/server/scripts/bundle.mjs')], ROOT);
run('npm', ['run', 'build', '--silent', '--workspace', '@txc/web'], ROOT);

// 2. the packages' own files, and a manifest and lockfile that npm installs exactly
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const manifest = readJson(join(ROOT, 'package.json'));
const workspaces = manifest.workspaces;
writeFileSync(
  join(dir, 'package.json'),
  `${JSON.stringify({ ...manifest, scripts: { start: 'node txc.mjs serve' }, workspaces }, null, 2)}\n`,
);
cpSync(join(ROOT, 'package-lock.json'), join(dir, 'package-lock.json'));
for (const workspace of workspaces) {
  mkdirSync(join(dir, workspace), { recursive: true });
  const pkg = readJson(join(ROOT, workspace, 'package.json'));
  cpSync(join(ROOT, workspace, 'package.json'), join(dir, workspace, 'package.json'));
  // a workspace the server does not run (benchmarks) ships its manifest alone, for the lockfile's sake
  if (!PACKAGES.includes(workspace)) continue;
  for (const entry of pkg.files ?? []) {
    const top = entry.split('/')[0];
    if (!existsSync(join(ROOT, workspace, top))) continue;
    cpSync(join(ROOT, workspace, top), join(dir, workspace, top), { recursive: true, filter: shipped });
  }
}
writeFileSync(
  join(dir, 'txc.mjs'),
  "// node txc.mjs <command>: the txc command of this release\nimport './packages/server/bin/txc.js';\n",
);

// 3. production dependencies at the lockfile's versions; the native module this checkout built
run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], dir);
const native = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
if (!existsSync(join(ROOT, native))) throw new Error(`${native} is missing: run npm ci first (it builds it)`);
mkdirSync(join(dir, 'node_modules/better-sqlite3/build/Release'), { recursive: true });
cpSync(join(ROOT, native), join(dir, native));
rmSync(join(dir, 'node_modules/.package-lock.json'), { force: true });

// 4. it runs: the command answers, and with --check a server starts and answers /health
const shown = spawnSync(process.execPath, [join(dir, 'txc.mjs'), '--version'], { encoding: 'utf8' });
if (shown.stdout.trim() !== version) throw new Error(`the release does not run: ${shown.stderr}`);
if (values.check) await checkServes(dir);

run('tar', ['-czf', `${name}.tar.gz`, name], outDir);
const seconds = Math.round((performance.now() - started) / 100) / 10;
console.log(`txc release: ${relative(process.cwd(), dir)} and ${relative(process.cwd(), dir)}.tar.gz in ${seconds} s`);

/** Starts the release's server once on a fresh data dir; /health must answer 200 and /ui/ the dashboard. */
async function checkServes(release) {
  const dataDir = mkdtempSync(join(tmpdir(), 'txc-release-check-'));
  const child = spawn(
    process.execPath,
    [join(release, 'txc.mjs'), 'serve', '--demo', '--port', '0', '--data-dir', dataDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const url = await new Promise((resolveUrl, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`the release's server did not start:\n${out}`)), 60_000);
      child.once('exit', (code) => reject(new Error(`the release's server exited with ${code}:\n${out}`)));
      child.stdout.on('data', (d) => {
        out += d;
        const m = /"url":"([^"]+)"/.exec(out);
        if (m !== null) {
          clearTimeout(timer);
          resolveUrl(m[1]);
        }
      });
    });
    const health = await fetch(`${url}/health`);
    const body = await health.json();
    if (health.status !== 200 || body.status !== 'ok') throw new Error(`/health answered ${health.status}`);
    // the dashboard's page is part of the bundle: the server must find it there, not only in a checkout
    const page = await fetch(`${url}/ui/`);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('<div id="root">')) throw new Error(`/ui/ answered ${page.status}`);
    console.log(`txc release: the server started and answered /health and /ui/ at ${url}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
