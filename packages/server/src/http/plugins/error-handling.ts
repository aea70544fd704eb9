import type { ErrorName } from '@txc/sdk';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StandingNotice } from '../../timing/standing-notice.js';
import { isUnavailable, StoreUnavailableError } from '../../venue/sequencer/unavailable.js';
import { familyOf, pathOf } from '../family.js';
import { sendError } from '../send-error.js';

const BY_FAMILY = {
  unavailable: { public: 'publicUnavailable', private: 'privateUnavailable', admin: 'adminUnavailable' },
  internal: { public: 'publicInternal', private: 'privateInternal', admin: 'adminInternal' },
  mediaType: { public: 'publicBadRequest', private: 'privateUnsupportedMediaType', admin: 'adminUnsupportedMediaType' },
  tooLarge: { public: 'publicBadRequest', private: 'privateBodyTooLarge', admin: 'adminBodyTooLarge' },
  malformed: { public: 'publicBadRequest', private: 'privateMalformedJson', admin: 'adminBadRequest' },
  notFound: { public: 'publicNotFound', private: 'privateNotFound', admin: 'adminNotFound' },
  badUrl: { public: 'publicBadRequest', private: 'privateBadRequest', admin: 'adminBadRequest' },
  methodNotAllowed: {
    public: 'publicMethodNotAllowed',
    private: 'privateMethodNotAllowed',
    admin: 'adminMethodNotAllowed',
  },
  rateLimited: { public: 'publicRateLimited', private: 'privateRateLimited', admin: 'adminBadRequest' },
} as const satisfies Record<string, Record<'public' | 'private' | 'admin', ErrorName>>;

/** The store-unavailable answer in the body family of `url`: what a node that cannot write says. */
export function sendUnavailable(reply: FastifyReply, url: string): FastifyReply {
  return sendError(reply, BY_FAMILY.unavailable[familyOf(url)]);
}

interface KnownRoute {
  readonly method: string;
  readonly pattern: RegExp;
}

function patternOf(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/**
 * Failures of routing itself, which Fastify answers before any route or error handler: a URL that
 * does not decode (400) and a path parameter longer than the router takes (no route has such a
 * path: 404). Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const family = familyOf(request.url);
  const path = pathOf(request.url);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const params = { method: request.method, url: path, detail: `Route ${request.method}:${path} not found.` };
    void sendError(reply, BY_FAMILY.notFound[family], { params });
    return;
  }
  void sendError(reply, BY_FAMILY.badUrl[family], { params: { detail: 'Malformed URL.' } });
}

/**
 * Every failure answers in the body family of the route it hit, with a 4xx for anything the
 * client did: malformed JSON, wrong content type, oversized bodies, unknown routes, wrong methods.
 * Never an HTML page, never a stack trace. Unknown API routes count against the client IP's
 * allowance (`overIpAllowance`), as every API request does.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { readonly overIpAllowance?: (request: FastifyRequest) => boolean } = {},
): void {
  const routes: KnownRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, pattern: patternOf(route.url) });
  });

  // a store out of reach fails every request that reads it: said when it starts, then twice a minute
  const unreachable = new StandingNotice();
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const family = familyOf(request.url);
    if (isUnavailable(error)) {
      // a client gone before its body was whole fails its read with ECONNRESET too: not the store's doing
      // (`destroyed` alone would not say it: a request whose body was read whole is destroyed too)
      const clientGone = request.raw.complete === false && request.raw.destroyed;
      if (!clientGone && !(error instanceof StoreUnavailableError) && unreachable.due()) {
        request.log.warn({ err: error }, 'a read of the store failed, the store out of reach: answered 503');
      }
      return sendUnavailable(reply, request.url);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, BY_FAMILY.mediaType[family], { params: { detail: 'Unsupported Content-Type.' } });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, BY_FAMILY.tooLarge[family], { params: { detail: 'Request body is too large.' } });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, BY_FAMILY.malformed[family], { params: { detail: 'Malformed JSON body.' } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, BY_FAMILY.malformed[family], {
        params: { detail: error instanceof SyntaxError ? 'Malformed JSON body.' : error.message },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, BY_FAMILY.internal[family]);
  });

  app.setNotFoundHandler((request, reply) => {
    const family = familyOf(request.url);
    // the admin API is for operators (loopback unless opened): only the API counts against an IP
    if (family !== 'admin' && options.overIpAllowance?.(request) === true) {
      return sendError(reply, BY_FAMILY.rateLimited[family]);
    }
    const path = pathOf(request.url);
    const params = { method: request.method, url: path, detail: `Route ${request.method}:${path} not found.` };
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))].sort();
    const otherMethod = allowed.some((m) => m !== request.method && m !== 'HEAD');
    if (!otherMethod) return sendError(reply, BY_FAMILY.notFound[family], { params });
    // the API's families answer as the exchange does; txc's own admin API says what the path takes, as HTTP asks
    if (family === 'admin') {
      const allow = allowed.join(', ');
      void reply.header('allow', allow);
      return sendError(reply, BY_FAMILY.methodNotAllowed.admin, { params: { ...params, allow } });
    }
    return sendError(reply, BY_FAMILY.methodNotAllowed[family], { params });
  });
}
