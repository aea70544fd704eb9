#!/usr/bin/env node
// The txc command: the compiled server bundled into a few modules (dist/bundle/, made by `npm run
// build`, which `npm install` runs).
import { existsSync } from 'node:fs';

const BUNDLE = new URL('../dist/bundle/txc.js', import.meta.url);
try {
  await import(BUNDLE.href);
} catch (e) {
  // only when the bundle itself is missing: a module it imports that is missing is another fault
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' || existsSync(BUNDLE)) throw e;
  process.stderr.write('txc: the server is not built: run `npm run build` (npm install does it)\n');
  process.exitCode = 1;
}
