import { Type } from 'typebox';

/** Shapes shared by the sub-account endpoints (exchange docs, `sub-account/*`). */
export const SubAccountId = Type.String({
  description: 'Sub-account id',
  examples: ['8e667b4a-0b71-4988-8af5-9474dbfaeb51'],
});

export const SubAccountPermissions = Type.Object({
  spotEnabled: Type.Boolean({ description: 'May move funds into its spot balance' }),
  collateralEnabled: Type.Boolean({ description: 'May move funds into its collateral balance' }),
});

/** Request fields are read loosely and checked by the route, so every problem answers in the API's words. */
export const LooseField = Type.Optional(Type.Unknown());

export const SubAccount = Type.Object({
  id: SubAccountId,
  alias: Type.String(),
  userId: Type.String({ description: "The sub-account's own user" }),
  email: Type.String({ description: 'Masked: `s***@example.com`; empty when none was given' }),
  status: Type.Union([Type.Literal('active'), Type.Literal('blocked')]),
  color: Type.String(),
  kyc: Type.Object({ shareKyc: Type.Boolean(), kycStatus: Type.String() }),
  permissions: SubAccountPermissions,
});

export const SubAccountTransfer = Type.Object({
  transaction_id: Type.String(),
  /** Deprecated in the docs: the same value as `transaction_id`. */
  id: Type.String(),
  direction: Type.Union([Type.Literal('main_to_sub'), Type.Literal('sub_to_main')]),
  currency: Type.String(),
  amount: Type.String(),
  createdAt: Type.Integer({ description: 'Unix seconds' }),
});

/** `limit` 1–100 and `offset` 0–10000; numbers or digit strings. */
export const SubAccountPage = {
  limit: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100 }), Type.String()])),
  offset: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 10_000 }), Type.String()])),
};

export const EmptyObject = Type.Object({}, { additionalProperties: false });

/** An endpoint a sub-account key may call, when its access is restricted (exchange docs, `SubAccountApiKey`). */
export const SubAccountApiKeyEndpoint = Type.Object({
  name: Type.String({ description: 'The endpoint path', examples: ['/api/v4/main-account/balance'] }),
  title: Type.String({ description: "The endpoint's summary", examples: ['Main account balances'] }),
});

const subAccountApiKeyFields = {
  subAccountId: SubAccountId,
  id: Type.String({ description: 'The key id: stays the same when the key is reset' }),
  title: Type.String(),
  isEnabled: Type.Boolean({ description: 'False while the sub-account is blocked: its keys sign nothing' }),
  apiKey: Type.String(),
  lastActivity: Type.Integer({ description: 'Unix seconds of the last request the key signed; 0 if none' }),
  restrictAccess: Type.Boolean({ description: 'True when the key has endpoint settings (`edit` `urls`)' }),
  accessEndpoints: Type.Array(SubAccountApiKeyEndpoint, {
    description: 'When restricted, every endpoint the key may call; empty otherwise',
  }),
};

/** A sub-account key as `create` and `reset` answer it: the secret, shown this once. */
export const SubAccountApiKey = Type.Object({
  ...subAccountApiKeyFields,
  apiSecret: Type.String({ description: 'Shown once: on create and on reset' }),
  type: Type.Union([Type.Literal(1), Type.Literal(2)], {
    description: '1: info and trading; 2: info, trading, deposits and withdrawals',
  }),
});

/** A sub-account key as `list` shows it: no secret, and `type` as text (exchange docs, `SubAccountApiKeyList`). */
export const SubAccountApiKeyListItem = Type.Object({
  ...subAccountApiKeyFields,
  apiSecret: Type.Literal('', { description: 'Always empty: the secret is shown on create and reset only' }),
  type: Type.Union([Type.Literal('1'), Type.Literal('2')]),
});

/** The IP addresses a sub-account key may be used from. */
export const SubAccountApiKeyIps = Type.Object({ data: Type.Array(Type.String()) });

/** What adding and removing an allow-list address both take: the key and the address. */
export const SubAccountApiKeyIpFields = { apiKeyId: LooseField, ip: LooseField };
/** A sub-account's withdrawal waiting for its main account (`sub-account/withdraw/unconfirmed-list`). */
export const UnconfirmedWithdrawal = Type.Object({
  id: Type.String({ description: 'Transaction id' }),
  subAccountId: SubAccountId,
  currency: Type.String({ description: 'Ticker' }),
  amount: Type.String({ description: 'As requested, trailing zeros trimmed' }),
  createdAt: Type.Integer({ description: 'Unix seconds' }),
});
