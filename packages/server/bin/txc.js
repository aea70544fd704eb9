#!/usr/bin/env node
// The txc command: the compiled server bundled into a few modules (dist/bundle/, made by `npm run
// build`, which `npm install` runs).
try {
  await import('../dist/bundle/txc.js');
} catch (e) {
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' || !String(e.message).includes('/dist/bundle/txc.js')) throw e;
  process.stderr.write('txc: the server is not built: run `npm run build` (npm install does it)\n');
  process.exitCode = 1;
}
