import { Type } from 'typebox';
import { DecimalString } from '../../schemas.js';

/** What the codes endpoints follow: the exchange's documentation of them, and one decision. */
export const CODES_FOLLOWS = 'exchange docs main_api_v4.yaml (codes), reference §3.1; decisions: Codes';

/** `active` until applied, then `applied`. */
export const CodeStatus = Type.Union([Type.Literal('active'), Type.Literal('applied')]);

/** A code as its creator's list shows it. */
export const CodeInfo = Type.Object({
  amount: DecimalString,
  code: Type.String(),
  date: Type.Integer({ description: 'Unix seconds of its creation' }),
  status: CodeStatus,
  ticker: Type.String(),
  external_id: Type.String(),
});

/** One line of a code history: `-amount` when created, `+amount` when applied. */
export const CodeHistoryEntry = Type.Object({
  amount: Type.String({ pattern: '^[+-](0|[1-9][0-9]*)(\\.[0-9]+)?$' }),
  code: Type.String(),
  date: Type.Integer({ description: 'Unix seconds of the creation or the application' }),
  status: CodeStatus,
  ticker: Type.String(),
  external_id: Type.String(),
});

/** `limit` 1–100 (default 30) and `offset` 0–10 000, as integers or their text. */
export const CodePage = {
  limit: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100, default: 30 }), Type.String()])),
  offset: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 10_000, default: 0 }), Type.String()])),
};
