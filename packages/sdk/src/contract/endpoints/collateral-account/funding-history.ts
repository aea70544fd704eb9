import { Type, type Static } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields, DecimalString } from '../../schemas.js';

const MillisecondsString = Type.String({ pattern: '^[0-9]+$', description: 'Unix time in milliseconds' });

/** One funding payment of a position: `fundingAmount` is what the account gained (negative: paid). */
export const FundingPayment = Type.Object({
  market: Type.String(),
  fundingTime: MillisecondsString,
  fundingRate: DecimalString,
  fundingAmount: DecimalString,
  positionAmount: DecimalString,
  settlementPrice: DecimalString,
  rateCalculatedTime: MillisecondsString,
  positionId: Type.Integer(),
  positionSide: Type.String(),
});
export type FundingPayment = Static<typeof FundingPayment>;

/**
 * The caller's funding payments, newest first (reference §9; the record shape ccxt reads):
 * optional `market`, `startDate` / `endDate` in milliseconds, `limit` 1–100 (100 by default), `offset`.
 */
export const collateralFundingHistory = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/collateral-account/funding-history',
  summary: 'Funding payments of the collateral account',
  follows: 'decisions: Funding history of an account',
  permission: 'trading',
  request: Type.Object({
    ...AuthFields,
    market: Type.Optional(Type.String()),
    startDate: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    endDate: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    limit: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    offset: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  }),
  response: Type.Object({ records: Type.Array(FundingPayment), limit: Type.Integer(), offset: Type.Integer() }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.collateralRead,
} as const satisfies PrivateEndpoint;
