import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields, DecimalString, Ticker } from '../../schemas.js';

/** Spec §2.5: the address and what a deposit to it must respect. */
export const DepositAddressResult = Type.Object({
  account: Type.Object({ address: Type.String(), memo: Type.String() }),
  required: Type.Object({
    fixedFee: DecimalString,
    flexFee: Type.Object({ maxFee: DecimalString, minFee: DecimalString, percent: DecimalString }),
    maxAmount: DecimalString,
    minAmount: DecimalString,
  }),
});

/** Spec §4.7, reference §7.2: the user's persistent deposit address for a ticker and network. */
export const mainAccountAddress = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/main-account/address',
  summary: 'Deposit address',
  follows: 'spec §4.7, reference §7.2',
  permission: 'main-account',
  request: Type.Object({ ...AuthFields, ticker: Ticker, network: Type.Optional(Type.String()) }),
  response: DepositAddressResult,
  successStatus: 200,
  rateLimit: RATE_LIMITS.mainAccount,
} as const satisfies PrivateEndpoint;
