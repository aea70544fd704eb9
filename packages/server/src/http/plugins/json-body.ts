import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseExactJson, type JsonLimits } from '../../json/exact-json.js';

type JsonParser = (
  request: FastifyRequest,
  body: string | Buffer,
  done: (err: Error | null, body?: unknown) => void,
) => void;

/** `emptyIsAbsent`: an empty body is no body (undefined), not malformed JSON. */
function jsonParser(limits: JsonLimits, emptyIsAbsent: boolean): JsonParser {
  return (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    if (emptyIsAbsent && text === '') return done(null, undefined);
    try {
      done(null, parseExactJson(text, limits));
    } catch (e) {
      const error = e as Error & { statusCode?: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  };
}

/**
 * JSON bodies are parsed exactly (see exact-json.ts) within limits, and their text is kept:
 * private requests compare it with the signed payload.
 */
export function registerJsonBody(app: FastifyInstance, limits: JsonLimits): void {
  app.decorateRequest('rawBody', '');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonParser(limits, false));
}

/**
 * In `scope` (the admin API), an empty body sent as JSON is no body: curl, scripts and HTTP
 * libraries send one with the content type on a POST or DELETE that takes none (a load, a reset).
 * The API's own families keep refusing it, as the exchange does.
 */
export function acceptEmptyJsonBody(scope: FastifyInstance, limits: JsonLimits): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, jsonParser(limits, true));
}
