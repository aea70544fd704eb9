import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Where the dashboard's build is: packages/web/dist, found from this file's place in
 * packages/server/{src,dist}/http/plugins, which is the same in the source tree and in the release
 * bundle (scripts/release.mjs ships packages/web/dist beside packages/server).
 */
export const DASHBOARD_DIR = fileURLToPath(new URL('../../../../web/dist/', import.meta.url));

/**
 * The views the single-page app routes itself: each answers with its page. `/ui` is one of them as
 * the router ignores trailing slashes (`/ui/` is `/ui`); the page names its assets by absolute path.
 */
const VIEWS = ['/ui', '/ui/admin', '/ui/trade'];

/**
 * The page holds a trader's secret (sessionStorage) and the admin token: it runs its own bundled
 * scripts only, talks to this server only (REST and `/ws`), and is never framed.
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const NOT_BUILT = 'The dashboard is not built: run `npm run build` (npm install does) to make packages/web/dist.\n';

/**
 * The dashboard at /ui/ (static files, no rate limit and no API scope: it is a page that then calls the
 * public, WebSocket and admin APIs like any client), and `/` sends browsers there.
 */
export function registerDashboard(app: FastifyInstance, root: string = DASHBOARD_DIR): void {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/ui/', 302));
  if (!existsSync(`${root}index.html`)) {
    for (const path of ['/ui', '/ui/*']) {
      app.get(path, { schema: { hide: true } }, (_request, reply) =>
        reply.code(503).type('text/plain').send(NOT_BUILT),
      );
    }
    return;
  }
  void app.register((scope, _opts, done) => {
    void scope.register(fastifyStatic, {
      root,
      prefix: '/ui/',
      index: false,
      // our own Cache-Control below, not the default `public, max-age=0`
      cacheControl: false,
      // hashed assets never change; the page itself is checked each time so a new build shows at once
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        if (path.endsWith('.html')) {
          res.setHeader('Content-Security-Policy', PAGE_POLICY);
          res.setHeader('Referrer-Policy', 'no-referrer');
        }
      },
    });
    for (const path of VIEWS) {
      scope.get(path, { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
    }
    done();
  });
}
