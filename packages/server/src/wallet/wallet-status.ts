/** `method` of a wallet transaction (reference §7.6). */
export const METHOD_DEPOSIT = 1;
export const METHOD_WITHDRAWAL = 2;

/** The numeric statuses txc gives wallet transactions (reference §7.6). */
export const WALLET_STATUS = {
  successful: 3,
  cancelled: 4,
  /** The reference's "Unconfirmed by user": a sub-account's withdrawal waiting for its main account. */
  unconfirmed: 5,
  pending: 15,
  partiallySuccessful: 18,
} as const;

/** Every status the reference knows per method: what a history `status` filter may name. */
export const STATUSES_BY_METHOD: Readonly<Record<number, ReadonlySet<number>>> = {
  [METHOD_DEPOSIT]: new Set([3, 4, 5, 7, 9, 15, 21, 22, 27, 28]),
  [METHOD_WITHDRAWAL]: new Set([1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 17, 18, 21]),
};
