import os from 'node:os';
import { clusterSuite } from './cluster/cluster-suite.js';
import { durabilitySuite } from './durability/durability-suite.js';
import { foundationSuite } from './http/foundation-suite.js';
import { formatReport, type Suite } from './suite.js';
import { matchingSuite } from './suites/matching.js';
import { startupSuite } from './startup/startup-suite.js';
import { wsSuite } from './ws/ws-suite.js';

/** Every suite; `npm run bench -- <name>…` runs the named ones only. */
const SUITES: readonly Suite[] = [foundationSuite, matchingSuite, durabilitySuite, startupSuite, wsSuite, clusterSuite];

const wanted = process.argv.slice(2);
const chosen = SUITES.filter((s) => wanted.length === 0 || wanted.includes(s.name));
if (chosen.length === 0) {
  console.error(`no suite matched; suites: ${SUITES.map((s) => s.name).join(', ') || '(none)'}`);
  process.exit(1);
}
console.log(
  `# txc benchmarks\n\nNode ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${new Date().toISOString()}\n`,
);
for (const suite of chosen) {
  const report = await suite.run();
  console.log(`${formatReport(suite, report)}\n`);
}
