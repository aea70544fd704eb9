import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEN_SECONDS, type PrivateEndpoint } from '@txc/sdk';
import { DEMO_VENUE_FILE, loadConfig, serve, type Route } from '@txc/server';
import { Type } from 'typebox';
import { OPEN_RATE_LIMITS } from './open-limits.js';
import { AUTH_ONLY_PATH } from './signed-routes.js';

const authOnly: PrivateEndpoint = {
  kind: 'private',
  method: 'POST',
  path: AUTH_ONLY_PATH,
  summary: 'benchmark: authentication only',
  permission: 'main-account',
  request: Type.Object({}),
  response: Type.Object({}),
  successStatus: 200,
  rateLimit: { group: 'main-account', limit: 1000, windowMs: TEN_SECONDS },
};
const constant = { ok: true };
const authOnlyRoute: Route = (app) => {
  app.post(AUTH_ONLY_PATH, { config: { endpoint: authOnly } }, (_request, reply) => reply.send(constant));
};

const extra = JSON.parse(process.argv[2] ?? '{}') as Record<string, unknown>;
// A run's store grows by a hundred megabytes or more: it goes with the server, or repeated runs fill the disk.
const dataDir = mkdtempSync(join(tmpdir(), 'txc-bench-'));
const server = await serve(
  loadConfig({
    env: {},
    flags: {
      port: 0,
      dataDir,
      venue: DEMO_VENUE_FILE,
      logLevel: 'warn',
      rateLimits: OPEN_RATE_LIMITS,
      ...extra,
    },
  }),
  { extraPrivateRoutes: [authOnlyRoute] },
);
process.stdout.write(`${JSON.stringify({ url: server.url, adminToken: server.adminToken })}\n`);
/** Stops the server and removes its data dir, even when the stop fails; exits once done. */
function stop(): void {
  void server
    .close()
    .finally(() => rmSync(dataDir, { recursive: true, force: true }))
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
}
// the ws suite asks for a full collection before it reads the resident memory (node --expose-gc)
process.on('SIGUSR2', () => (globalThis as { gc?: () => void }).gc?.());
// SIGTERM from the suite; SIGINT when the run is interrupted (Ctrl-C reaches the whole process group)
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
