#!/usr/bin/env node
// The txc command: the compiled server (dist/, made by `npm run build`, which `npm install` runs).
try {
  await import('../dist/cli/main.js');
} catch (e) {
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' || !String(e.message).includes('/dist/cli/main.js')) throw e;
  process.stderr.write('txc: the server is not built: run `npm run build` (npm install does it)\n');
  process.exitCode = 1;
}
