import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';

export const FlexFee = Type.Object({ percent: DecimalString, min_fee: DecimalString, max_fee: DecimalString });

const FeeTerms = Type.Object({
  max_amount: DecimalString,
  min_amount: DecimalString,
  fixed: Type.Union([DecimalString, Type.Null()]),
  flex: Type.Union([FlexFee, Type.Null()]),
});

const ProviderTerms = Type.Object({
  ticker: Type.String(),
  name: Type.String(),
  is_depositable: Type.Optional(Type.Boolean()),
  is_withdrawal: Type.Optional(Type.Boolean()),
  is_api_depositable: Type.Optional(Type.Boolean()),
  is_api_withdrawal: Type.Optional(Type.Boolean()),
  ...FeeTerms.properties,
});

export const FeeEntry = Type.Object({
  is_depositable: Type.Boolean(),
  is_withdrawal: Type.Boolean(),
  is_api_withdrawal: Type.Boolean(),
  is_api_depositable: Type.Boolean(),
  ticker: Type.String(),
  name: Type.String(),
  providers: Type.Array(Type.String()),
  /** Crypto: one set of terms; fiat: terms per provider id. */
  withdraw: Type.Union([FeeTerms, Type.Record(Type.String(), ProviderTerms)]),
  deposit: Type.Union([FeeTerms, Type.Record(Type.String(), ProviderTerms)]),
});

/**
 * Reference §4.7: deposit and withdrawal fees and limits. A multi-network asset has one entry per
 * network keyed `"TICKER (NETWORK)"`, e.g. `"USDT (ERC20)"`, with `ticker` inside.
 */
export const fee = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/fee',
  summary: 'Deposit and withdrawal fees and limits',
  follows: 'reference §4.7',
  response: Type.Record(Type.String(), FeeEntry),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
