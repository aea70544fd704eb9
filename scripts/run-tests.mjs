#!/usr/bin/env node
// Runs every *.test.ts under packages/ with node:test through tsx. Node 20's --test does not
// expand globs, so the files are listed here. Arguments filter the files by substring.
//
// The packages are built first (incrementally, `tsc -b`, then the bundle of `txc` if that changed anything): tests
// that start `txc` or a server in a child process run the compiled code, which must never be older than the sources.
//
// The HTTP and WebSocket suites run twice: on SQLite with everything else, then on PostgreSQL
// (TXC_TEST_STORE), only their own files. Without a PostgreSQL server the second run is skipped with a message,
// unless TXC_REQUIRE_PG=1 (CI), where the suite then fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const STORE_SUITES = [join('packages', 'server', 'test', 'http'), join('packages', 'server', 'test', 'ws')];
const PG_URL = process.env.TXC_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

async function postgresReachable() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs node:test on some files; passes its output through and counts what its summary says. */
function run(label, files, env) {
  process.stdout.write(`\n# ${label}: ${files.length} file(s)\n`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=180000', '--test-reporter=spec', ...files],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  const counts = { pass: 0, fail: 0, skipped: 0 };
  let pending = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const m = /^ℹ (pass|fail|skipped) (\d+)$/.exec(line.trim());
      if (m) counts[m[1]] = Number(m[2]);
    }
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, ...counts })));
}

/** The newest modification time under some paths (files or folders), 0 when none exists. */
function newest(paths) {
  let latest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (!stat.isDirectory()) latest = Math.max(latest, stat.mtimeMs);
    else latest = Math.max(latest, newest(readdirSync(path).map((name) => join(path, name))));
  }
  return latest;
}

/** The dashboard's page is older than its sources or the SDK build it bundles. */
function dashboardStale() {
  const web = join('packages', 'web');
  const built = newest([join(web, 'dist', 'index.html')]);
  const sources = newest([
    join(web, 'src'),
    join(web, 'index.html'),
    join(web, 'vite.config.ts'),
    join('packages', 'sdk', 'dist'),
  ]);
  return built === 0 || sources > built;
}

/** The bundle `txc` runs (packages/server/dist/bundle) is older than the compiled code it is made of. */
function bundleStale() {
  const server = join('packages', 'server', 'dist');
  const bundle = join(server, 'bundle', 'txc.js');
  const compiled = newest([
    join('packages', 'core', 'dist'),
    join('packages', 'sdk', 'dist'),
    ...readdirSync(server)
      .filter((name) => name !== 'bundle')
      .map((name) => join(server, name)),
  ]);
  return !existsSync(bundle) || compiled > statSync(bundle).mtimeMs;
}

/** `npm run build`: compiles what changed since the last build; exits on a compile error. */
function build() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const compiled = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { stdio: 'inherit' });
  // tests that start `txc` run its bundle: remade (a second or so) whenever the compiled code changed
  const result =
    compiled.status === 0 && bundleStale()
      ? spawnSync(process.execPath, [join('packages', 'server', 'scripts', 'bundle.mjs')], { stdio: 'inherit' })
      : compiled;
  // the dashboard's tests serve its page: it is rebuilt (a few seconds) only when something it bundles changed
  const web =
    result.status === 0 && dashboardStale()
      ? spawnSync('npm', ['run', 'build', '--silent', '--workspace', '@txc/web'], { stdio: 'inherit' })
      : result;
  if (result.status !== 0 || web.status !== 0) {
    console.error('the build failed: no test ran');
    process.exit(1);
  }
}

const filters = process.argv.slice(2);
const files = collect('packages', [])
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

build();
const results = [await run('SQLite (and every store-independent test)', files, {})];
const httpFiles = files.filter((f) => STORE_SUITES.some((suite) => f.startsWith(suite)));
if (httpFiles.length > 0) {
  if (process.env.TXC_REQUIRE_PG === '1' || (await postgresReachable())) {
    results.push(await run('HTTP and WebSocket suites on PostgreSQL', httpFiles, { TXC_TEST_STORE: 'postgres' }));
  } else {
    process.stdout.write(
      `\n# HTTP and WebSocket suites on PostgreSQL: SKIPPED, no PostgreSQL at ${PG_URL} (set TXC_REQUIRE_PG=1 to make this a failure)\n`,
    );
  }
}
const total = results.reduce(
  (t, r) => ({ pass: t.pass + r.pass, fail: t.fail + r.fail, skipped: t.skipped + r.skipped }),
  {
    pass: 0,
    fail: 0,
    skipped: 0,
  },
);
const failed = results.some((r) => r.code !== 0);
process.stdout.write(`\ntests: ${total.pass} passed, ${total.fail} failed, ${total.skipped} skipped\n`);
process.exit(failed ? 1 : 0);
