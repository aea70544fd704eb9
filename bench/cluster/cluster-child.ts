import { DEMO_VENUE_FILE, loadConfig, runEngineNode, runGateway, serve } from '@txc/server';
import { OPEN_RATE_LIMITS } from '../http/open-limits.js';

/**
 * One process of the cluster suite: `serve` (the all-in-one server), `node` (an engine node) or
 * `gateway`, on the config flags given as JSON (store, cluster, keys, data dir). Every one runs the
 * demo venue's markets with the limits opened wide. Prints {"url","adminToken","pid"} once listening.
 */
const [mode, json] = process.argv.slice(2);
const config = loadConfig({
  env: {},
  flags: {
    port: 0,
    venue: DEMO_VENUE_FILE,
    logLevel: 'error',
    rateLimits: OPEN_RATE_LIMITS,
    ...(JSON.parse(json ?? '{}') as Record<string, unknown>),
  },
});
const start = mode === 'serve' ? serve : mode === 'node' ? runEngineNode : mode === 'gateway' ? runGateway : undefined;
if (start === undefined) throw new Error(`mode ${mode}: serve, node or gateway`);
const running = await start(config);
process.stdout.write(`${JSON.stringify({ url: running.url, adminToken: running.adminToken, pid: process.pid })}\n`);

function stop(): void {
  void running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
// SIGTERM from the suite; SIGINT when the run is interrupted (Ctrl-C reaches the whole process group)
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
