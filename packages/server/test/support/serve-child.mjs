// `txc serve` in a child process: what the crash tests start, kill -9 and start again. Argument: the
// config flags as JSON (with `cluster`, an engine node; with `gateway: true` too, a gateway). Prints {"url","adminToken","pid"} once
// listening. Plain JavaScript on the package's entry, so that it runs the compiled server, as `txc`
// does: a file the build leaves out fails here.
import { loadConfig, runEngineNode, runGateway, serve } from '@txc/server';

const { gateway, ...flags } = JSON.parse(process.argv[2] ?? '{}');
const config = loadConfig({ env: {}, flags });
const start = config.cluster === undefined ? serve : gateway === true ? runGateway : runEngineNode;
const server = await start(config);
process.stdout.write(`${JSON.stringify({ url: server.url, adminToken: server.adminToken, pid: process.pid })}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
