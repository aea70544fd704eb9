#!/usr/bin/env node
// The `txc` command as a few ES modules (dist/bundle/, made from the compiled dist/ by the build):
// Node's module loader resolving and linking several hundred files was a third of a fresh server's
// start. Each CLI command's own modules stay a chunk of their own, loaded when it runs.
//
// Kept out of the bundle and loaded from node_modules as before: native modules (better-sqlite3),
// the optional drivers and helpers loaded on demand (pg, pino-pretty, bufferutil), and the packages
// that read their own files or start workers from paths beside their code (pino's transports,
// @fastify/swagger and its page), and Fastify's default schema compilers (Ajv, fast-json-stringify:
// about a megabyte to parse), which it loads only for an app without compilers of its own, never
// txc's. Source maps lead back to the TypeScript sources.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const OUT = `${PACKAGE}dist/bundle`;

const EXTERNAL = [
  'better-sqlite3',
  'pg',
  'pg-native',
  'pino',
  'pino-pretty',
  'bufferutil',
  'utf-8-validate',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
];

/**
 * The compiled modules find their files (the package's manifest, venues, assets, the SQLite writer's
 * thread, the dashboard's page) relative to their own URL: in the bundle, that URL is still the one
 * of the file it was compiled to, so the paths hold wherever dist/ and its neighbours are installed.
 */
const ownUrls = {
  name: 'own-urls',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url') || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const own = relative(OUT, args.path).split(sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(own)}, import.meta.url).href`),
        loader: 'js',
        resolveDir: dirname(args.path),
      };
    });
  },
};

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: { txc: `${PACKAGE}dist/cli/main.js` },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: EXTERNAL,
  plugins: [ownUrls],
  // the CommonJS packages bundled in require Node's built-in modules
  banner: {
    js: "import { createRequire as txcRequire } from 'node:module'; const require = txcRequire(import.meta.url);",
  },
  // the compiled dist/ of every package, not the TypeScript sources the repository's tsconfig maps them to
  tsconfigRaw: {},
  logLevel: 'warning',
});
