import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields, DecimalString } from '../../schemas.js';

/** One direction's terms: the flex part's bounds and percent, the fixed part, the amount limits ("0": none). */
const DirectionTerms = Type.Object({
  minFlex: DecimalString,
  maxFlex: DecimalString,
  percentFlex: DecimalString,
  fixed: DecimalString,
  minAmount: DecimalString,
  maxAmount: DecimalString,
});

export const AccountFee = Type.Object({
  ticker: Type.String(),
  name: Type.String(),
  can_deposit: Type.Boolean(),
  can_withdraw: Type.Boolean(),
  deposit: DirectionTerms,
  withdraw: DirectionTerms,
  network: Type.String({ description: 'the network or provider these terms are for: the one used when none is named' }),
});

/** Deposit and withdrawal terms of every asset (the shape of the official Go SDK's fixture). */
export const mainAccountFee = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/main-account/fee',
  summary: 'Deposit and withdrawal fees and limits of every asset',
  follows: 'reference §3.1 (rate limit); shape of the official Go SDK',
  permission: 'main-account',
  request: Type.Object({ ...AuthFields }),
  response: Type.Array(AccountFee),
  successStatus: 200,
  rateLimit: RATE_LIMITS.mainAccount,
} as const satisfies PrivateEndpoint;
