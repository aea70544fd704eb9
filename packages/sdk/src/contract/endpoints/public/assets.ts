import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';

const Bound = Type.Object({ min: DecimalString, max: Type.Optional(DecimalString) });
const Directions = Type.Object({
  deposits: Type.Optional(Type.Array(Type.String())),
  withdraws: Type.Optional(Type.Array(Type.String())),
});

export const AssetStatus = Type.Object({
  name: Type.String(),
  unified_cryptoasset_id: Type.Integer(),
  can_withdraw: Type.Boolean(),
  can_deposit: Type.Boolean(),
  min_withdraw: DecimalString,
  max_withdraw: DecimalString,
  maker_fee: DecimalString,
  taker_fee: DecimalString,
  min_deposit: DecimalString,
  max_deposit: DecimalString,
  currency_precision: Type.Integer(),
  is_memo: Type.Boolean(),
  memo: Type.Object({ deposit: Type.Boolean(), withdraw: Type.Boolean() }),
  /** Crypto: network names; `default` absent when several and none configured. */
  networks: Type.Optional(Type.Object({ ...Directions.properties, default: Type.Optional(Type.String()) })),
  /** Fiat: provider ids, used as `provider` in withdrawals. */
  providers: Type.Optional(Directions),
  limits: Type.Optional(
    Type.Object({
      deposit: Type.Record(Type.String(), Bound),
      withdraw: Type.Record(Type.String(), Bound),
    }),
  ),
  confirmations: Type.Optional(Type.Record(Type.String(), Type.Integer())),
});

/** Reference §4.6: every asset's status, keyed by ticker ("0" maxima mean unlimited). */
export const assets = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/assets',
  summary: 'Asset status: networks, limits, confirmations, memo flags, providers',
  follows: 'reference §4.6',
  response: Type.Record(Type.String(), AssetStatus),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
