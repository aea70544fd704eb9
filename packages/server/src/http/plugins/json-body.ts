import type { FastifyInstance } from 'fastify';
import { parseExactJson, type JsonLimits } from '../exact-json.js';

/**
 * JSON bodies are parsed exactly (see exact-json.ts) within limits, and their text is kept:
 * private requests compare it with the signed payload.
 */
export function registerJsonBody(app: FastifyInstance, limits: JsonLimits): void {
  app.decorateRequest('rawBody', '');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    try {
      done(null, parseExactJson(text, limits));
    } catch (e) {
      const error = e as Error & { statusCode?: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
}
