// `txc serve` in a child process: what the crash tests start, kill -9 and start again. Argument:
// the config flags as JSON. Prints {"url","adminToken","pid"} once listening.
import { loadConfig } from '../../src/config/load.js';
import { serve } from '../../src/process/serve.js';

const flags = JSON.parse(process.argv[2] ?? '{}') as Record<string, unknown>;
const server = await serve(loadConfig({ env: {}, flags }));
process.stdout.write(`${JSON.stringify({ url: server.url, adminToken: server.adminToken, pid: process.pid })}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
