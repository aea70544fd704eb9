import type { FastifyReply } from 'fastify';
import { sendError } from '../../../send-error.js';

/** Any integer, however long: a bound clamps it rather than refusing it (as the V4 order book does). */
const INTEGER = /^-?[0-9]+$/;

/**
 * An integer query parameter of the API V1, clamped into [min, max]; `fallback` when absent or empty
 * (an empty value is an absent one). Anything else answers 422 in the public family and undefined.
 */
export function clampedInteger(
  reply: FastifyReply,
  name: string,
  text: string | undefined,
  bounds: { readonly min: number; readonly max: number; readonly fallback: number },
): number | undefined {
  if (text === undefined || text === '') return bounds.fallback;
  if (!INTEGER.test(text)) {
    sendError(reply, 'publicValidation', { params: { detail: `The ${name} must be an integer.` } });
    return undefined;
  }
  return Math.min(bounds.max, Math.max(bounds.min, Number(text)));
}

/** The market a V1 query names, or the public family's 422 when it names none. */
export function requiredQueryMarket(reply: FastifyReply, market: string | undefined): string | undefined {
  if (market === undefined || market === '') {
    sendError(reply, 'publicValidation', { params: { detail: 'The market field is required.' } });
    return undefined;
  }
  return market;
}
