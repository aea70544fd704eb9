import { Type, type TSchema } from 'typebox';

/**
 * The envelope of the API V1 and V2 public answers: `{success: true, message: null, result}`. Their
 * errors are the public family's `{success: false, message, params}`.
 */
export function LegacyEnvelope<T extends TSchema>(result: T) {
  return Type.Object({ success: Type.Literal(true), message: Type.Null(), result });
}

/** An instant as the API V2 writes it: ISO 8601 in UTC with milliseconds (`2020-07-10T13:37:27.000Z`). */
export const IsoInstant = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$',
  description: 'ISO 8601, UTC',
});

/** What the API V1 routes follow: the exchange's public documentation, and one decision where it leaves room. */
export const V1_FOLLOWS = 'exchange docs openapi/public/http-v1.yaml; decisions: The API V1 and V2 public routes';

/** What the API V2 routes follow: the documentation's last V2 page (removed in April 2026), and one decision. */
export const V2_FOLLOWS = 'exchange docs openapi/public/http-v2.yaml; decisions: The API V1 and V2 public routes';
