import { Type } from 'typebox';
import { DecimalString } from '../../schemas.js';

/** Shapes shared by the mining pool endpoints (reference §8). */
export const MiningAccountName = Type.String({
  maxLength: 255,
  pattern: '^[A-Za-z0-9_]+$',
  description: 'Mining pool account name: letters, digits and underscores',
  examples: ['my_miner_01'],
});

export const MiningAccount = Type.Object({
  name: Type.String(),
  createdAt: Type.Integer({ description: 'Unix seconds' }),
});

export const PayoutDestination = Type.Union([Type.Literal('main_balance'), Type.Literal('external_address')]);

/** Spec §2.6. */
export const PayoutSetting = Type.Object({
  payoutDestination: PayoutDestination,
  externalAddress: Type.Union([Type.String(), Type.Null()], { description: 'External BTC address in effect' }),
});

/** `limit` 1–100 (default 30) and `offset` 0–10000 (default 0); numbers or digit strings. */
export const Page = {
  limit: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100 }), Type.String()])),
  offset: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 10_000 }), Type.String()])),
};

export const MiningReward = Type.Object({
  miningAccountName: Type.String(),
  payoutDestination: PayoutDestination,
  payoutTransactionHash: Type.Union([Type.String(), Type.Null()], {
    description: 'Null when paid to the main balance',
  }),
  payoutAddress: Type.Union([Type.String(), Type.Null()], { description: 'Null when paid to the main balance' }),
  payoutTime: Type.Integer({ description: 'Unix seconds' }),
  rewardCurrency: Type.String({ examples: ['BTC'] }),
  totalReward: DecimalString,
  reward: DecimalString,
  fee: DecimalString,
  fppsRate: DecimalString,
  hashRate: DecimalString,
  date: Type.Integer({ description: 'Unix seconds' }),
});
