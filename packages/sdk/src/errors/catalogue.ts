/**
 * Every error txc answers, with the code, message and HTTP status of the API it serves. The server
 * renders them; the SDK recognises them. Bodies come in three families:
 *  - public:  {"success":false,"message":"…","params":[]}
 *  - private: {"code":…,"message":"…","errors":{…}}, `errors` an object ({} when no field is at
 *    fault), authentication and nonce refusals included (spec §7, over the reference's bodies)
 *  - admin:   {"error":"…"}
 */
import { adminError, privateError, publicError, type ErrorSpec } from './error-spec.js';
import { SUB_ACCOUNT_ERRORS } from './sub-account-errors.js';

export type { ErrorFamily, ErrorSpec } from './error-spec.js';

export const ERRORS = {
  // --- authentication of private requests (reference §1) ---
  unauthorized: privateError(401, 10, 'Unauthorized request.'),
  invalidPayload: privateError(400, 9, 'Invalid payload.'),
  payloadNotProvided: privateError(400, 9, 'Payload not provided.'),
  requestNotProvided: privateError(400, 9, 'Request not provided.'),
  nonceNotProvided: privateError(400, 9, 'Nonce not provided.'),
  invalidNonce: privateError(400, 9, 'Invalid nonce.'),
  invalidNonceWindow: privateError(400, 9, 'Invalid nonceWindow.'),
  /**
   * 429 `Too many requests.`, no header to tell why: the key or IP over its rate limit, or a nonce
   * refused in the very same words (reference §1.6): `nonceTooLow` (not above the key's last, without
   * nonceWindow) or `nonceWindowReused` (used before, within the window). A TxcError reads the answer
   * as this entry, and `TxcError.is` holds for all three names: only the request tells them apart.
   */
  privateRateLimited: privateError(429, 0, 'Too many requests.'),
  /** Answered as `privateRateLimited`. */
  nonceTooLow: privateError(429, 0, 'Too many requests.'),
  nonceWindowTooOld: privateError(400, 0, 'Your nonce is more than 5 seconds lesser than the current nonce.'),
  nonceWindowTooNew: privateError(400, 0, 'Your nonce is more than 5 seconds greater than the current nonce.'),
  /** Answered as `privateRateLimited`. */
  nonceWindowReused: privateError(429, 0, 'Too many requests.'),
  keyDisabled: privateError(403, 2, 'This action is unauthorized. Enable your key in API settings'),
  permissionDenied: privateError(403, 4, 'This API Key is not authorized to perform this action.'),

  // --- transport and limits (`privateRateLimited` above, with the nonce refusals answered alike) ---
  /** The main-account family's throttle answers in Laravel's words (reference §3.2, §7.4, §7.7). */
  mainAccountThrottled: privateError(429, 0, 'Too Many Attempts.'),
  publicRateLimited: publicError(429, 'Too many requests.'),
  privateMalformedJson: privateError(400, 9, 'Invalid payload.'),
  privateUnsupportedMediaType: privateError(415, 0, 'Content-Type must be application/json.'),
  privateBodyTooLarge: privateError(413, 0, 'Request body is too large.'),
  privateRequestTimeout: privateError(408, 0, 'Request timeout.'),
  privateHeadersTooLarge: privateError(431, 0, 'Request headers are too large.'),
  // A fixed message: a template here would claim every other 400 code 0 answer when the SDK reads one.
  privateBadRequest: privateError(400, 0, 'Malformed request.'),
  privateNotFound: privateError(404, 0, 'Route {method}:{url} not found.'),
  privateMethodNotAllowed: privateError(405, 0, 'Method {method} is not allowed on {url}.'),
  privateUnavailable: privateError(503, 0, 'Service temporarily unavailable, try again later.'),
  privateInternal: privateError(500, 0, 'Internal server error.'),
  publicNotFound: publicError(404, 'Route {method}:{url} not found.'),
  publicMethodNotAllowed: publicError(405, 'Method {method} is not allowed on {url}.'),
  publicBadRequest: publicError(400, '{detail}'),
  publicRequestTimeout: publicError(408, 'Request timeout.'),
  publicHeadersTooLarge: publicError(431, 'Request headers are too large.'),
  publicUnavailable: publicError(503, 'Service temporarily unavailable, try again later.'),
  publicInternal: publicError(500, 'Internal server error.'),

  // --- request validation (the field messages come with each failure) ---
  orderValidation: privateError(422, 30, 'Validation failed'),
  /** The order reads (`orders`, the trade-account histories) answer a bad `market` with the reference's 31. */
  marketValidation: privateError(422, 31, 'Validation failed'),
  mainValidation: privateError(400, 0, 'Validation failed'),

  // --- trading (reference §5.3–5.6: request validation answers code 30, the engine its own codes) ---
  iocAndPostOnly: privateError(422, 37, 'Validation failed', {
    field: 'ioc',
    fieldMessage: 'Either IOC or PostOnly flag in true state is allowed.',
  }),
  notEnoughBalance: privateError(400, 10, 'Inner validation failed', {
    field: 'amount',
    fieldMessage: 'Not enough balance.',
  }),
  postOnlyWouldTake: privateError(400, 13, 'Inner validation failed', {
    field: 'postOnly',
    fieldMessage: "This order couldn't be executed as a maker order and was canceled.",
  }),
  /** Collateral orders answer the same two refusals with HTTP 422 (reference §6.1: 200 / 422 / 503). */
  collateralNotEnoughBalance: privateError(422, 10, 'Inner validation failed', {
    field: 'amount',
    fieldMessage: 'Not enough balance.',
  }),
  collateralPostOnlyWouldTake: privateError(422, 13, 'Inner validation failed', {
    field: 'postOnly',
    fieldMessage: "This order couldn't be executed as a maker order and was canceled.",
  }),
  orderNotFound: privateError(400, 2, 'Inner validation failed', {
    field: 'orderId',
    fieldMessage: 'Unexecuted order was not found.',
  }),
  invalidArgument: privateError(400, 1, 'Inner validation failed', {
    field: 'amount',
    fieldMessage: 'Invalid argument.',
  }),
  publicValidation: publicError(422, '{detail}'),

  // --- collateral trading (reference §5.10, §6): engine codes with "Validation failed", HTTP 422 ---
  rpiAndIoc: privateError(422, 37, 'Validation failed', {
    field: 'rpi',
    fieldMessage: 'RPI orders are post-only: IOC cannot be set with RPI.',
  }),
  retailAndRpi: privateError(422, 41, 'Validation failed', {
    field: 'retail',
    fieldMessage: 'api.tradeErrors.flagsCantBeCombined.rpiRetail',
  }),
  retailNotAllowed: privateError(422, 42, 'Validation failed', {
    field: 'retail',
    fieldMessage: 'api.validation.retail.not_allowed',
  }),
  positionTooBig: privateError(422, 111, 'Validation failed', {
    field: 'amount',
    fieldMessage: 'margin position too big',
  }),
  hedgeModeLocked: privateError(422, 113, 'Validation failed', {
    field: 'hedgeMode',
    fieldMessage: 'Position side cannot be changed if there exists futures positions or orders',
  }),
  leverageLocked: privateError(422, 113, 'Validation failed', {
    field: 'leverage',
    fieldMessage: 'Leverage cannot be changed if there exists futures positions or orders',
  }),
  positionSideMismatch: privateError(422, 114, 'Validation failed', {
    field: 'hedgeMode',
    fieldMessage: "Order's position side does not match user's setting",
  }),
  wouldFlipPosition: privateError(422, 115, 'Validation failed', {
    field: 'hedgeMode',
    fieldMessage: 'Order would result in a new position in the opposite direction',
  }),
  reduceOnlyNoPosition: privateError(422, 116, 'Validation failed', {
    field: 'reduceOnly',
    fieldMessage: "Reduce-only: Position doesn't exist or wrong side",
  }),
  leverageNotEnoughBalance: privateError(422, 17, 'Validation failed', {
    field: 'amount',
    fieldMessage: 'Not enough balance.',
  }),
  // --- order/modify (reference §5.9–5.10): 400 for 1, 2, 6, 101, 158; 422 for the business codes ---
  modifyNotEnoughBalance: privateError(422, 10, 'Validation failed', {
    field: 'amount',
    fieldMessage: 'Not enough balance.',
  }),
  modifyPostOnlyWouldTake: privateError(422, 13, 'Validation failed', {
    field: 'postOnly',
    fieldMessage: "This order couldn't be executed as a maker order and was canceled.",
  }),
  modifyAtLastPrice: privateError(400, 101, 'Validation failed', {
    field: 'activation_price',
    fieldMessage: 'Activation price should not be equal to the last price.',
  }),
  orderNotModifiable: privateError(422, 155, 'Validation failed', {
    field: 'orderId',
    fieldMessage: "Can't modify conditional order.",
  }),
  modifyActivationNotAllowed: privateError(400, 158, 'Validation failed', {
    field: 'activation_price',
    fieldMessage: "Activation price can't be set for a limit order.",
  }),
  modifyPriceNotAllowed: privateError(422, 159, 'Validation failed', {
    field: 'price',
    fieldMessage: "Limit price can't be set for stop market order.",
  }),
  modifyTotalNotAllowed: privateError(422, 162, 'Validation failed', {
    field: 'total',
    fieldMessage: 'Total cannot be specified for this order type',
  }),
  modifyAmountNotAllowed: privateError(422, 163, 'Validation failed', {
    field: 'amount',
    fieldMessage: 'Amount cannot be specified for this order type',
  }),
  /** An order `order/cancel/bulk` did not find, in the words of its per-item answer. */
  bulkCancelNotFound: privateError(404, 404, 'Order not found', {
    field: 'orderId',
    fieldMessage: 'Order does not exist or already cancelled',
  }),
  ocoNotFound: privateError(400, 2, 'Inner validation failed', {
    field: 'orderId',
    fieldMessage: 'Unexecuted order was not found.',
  }),
  conditionalNotFound: privateError(400, 2, 'Inner validation failed', {
    field: 'id',
    fieldMessage: 'Unexecuted order was not found.',
  }),
  ocoActivationWrong: privateError(422, 151, 'Validation failed', {
    field: 'activation_price',
    fieldMessage: 'Wrong activation price for stop loss.',
  }),
  ocoPricesWrong: privateError(422, 161, 'Validation failed', {
    field: 'price',
    fieldMessage: 'Wrong order conditions',
  }),
  otoNotFound: privateError(400, 2, 'Inner validation failed', {
    field: 'otoId',
    fieldMessage: 'OTO order was not found.',
  }),

  // --- main account (reference §7) ---
  transferInsufficientFunds: privateError(422, 3, 'Inner validation failed', {
    field: 'amount',
    fieldMessage: "You don't have such amount for transfer (available {available}, in amount: {amount})",
  }),

  /** A request a sub-account's key may not make (reference §7.7), and what its permissions do not allow. */
  notPermittedForSubAccount: privateError(422, 0, 'Inner validation failed', {
    field: 'error',
    fieldMessage: 'Not permitted for sub-account',
  }),

  // --- sub-accounts (exchange docs, sub-account/*; docs/decisions.md) ---
  ...SUB_ACCOUNT_ERRORS,

  /** `sub-account/withdraw/unconfirmed-list`: a bad `limit`, `offset` or `subAccountId` (exchange docs: 422). */
  subAccountWithdrawValidation: privateError(422, 0, 'Validation failed'),
  /** `sub-account/withdraw/confirm` and `sub-account/kyc-url`: an id that names nothing (exchange docs). */
  idNotExists: privateError(400, 0, 'Validation failed', { field: 'id', fieldMessage: 'validation.exists' }),
  /** A withdrawal that is not one of the caller's sub-accounts' (exchange docs, withdraw/confirm). */
  transactionNotFound: privateError(422, 422, "Transaction doesn't exist"),
  /** A sub-account's withdrawal no longer waiting for confirmation (exchange docs, withdraw/confirm). */
  transactionIncorrectStatus: privateError(422, 422, 'Transaction has incorrect status'),
  /** A held withdrawal that no longer passes a withdrawal's checks; `errors` name what failed. */
  withdrawConfirmInnerValidation: privateError(422, 0, 'Inner validation failed'),
  /** `sub-account/kyc-url` of a blocked sub-account (exchange docs). */
  subAccountNotActive: privateError(400, 400, 'Sub-account is not active'),
  /** `sub-account/kyc-url` of a sub-account that shares its main account's KYC (exchange docs). */
  subAccountSharedKyc: privateError(400, 400, 'Sub-account has shared KYC'),
  /** `sub-account/kyc-url` on a venue whose operator configured no verification link (docs/decisions.md). */
  subAccountKycNotEnabled: privateError(404, 0, 'Sub-account KYC verification is not enabled.'),

  // --- mining pool (spec §4.9, §7; reference §8) ---
  /** An unknown account, or another user's: the same answer, so names of others' accounts do not leak. */
  miningAccountNotFound: privateError(400, 0, 'Validation failed', {
    field: 'user',
    fieldMessage: 'Mining account not found.',
  }),
  miningAccountNameTaken: privateError(400, 0, 'Validation failed', {
    field: 'name',
    fieldMessage: 'The name has already been taken.',
  }),
  miningAccountLimit: privateError(400, 0, 'Validation failed', {
    field: 'error',
    fieldMessage: 'miningPool.validation.maxAccounts',
  }),
  /** `from`/`to` out of range or reversed: the reference's code is the HTTP status. */
  miningIncorrectTimestamp: privateError(422, 422, 'Incorrect timestamp'),
  // --- deposit addresses (reference §7.2–7.3) ---
  addressFiat: privateError(400, 0, 'Validation failed', {
    field: 'ticker',
    fieldMessage: 'Fiat deposits are available only on the website',
  }),
  addressNotDepositable: privateError(422, 1, 'Inner validation failed', {
    field: 'ticker',
    fieldMessage: 'Currency is not depositable',
  }),
  createAddressFiat: privateError(422, 0, 'Inner validation failed', {
    field: 'ticker',
    fieldMessage: 'Fiat currencies are unavailable for this action',
  }),
  createAddressNotDepositable: privateError(422, 0, 'Inner validation failed', {
    field: 'ticker',
    fieldMessage: 'Currency is not depositable',
  }),
  /** The venue holds no key for the network's chain, so it cannot hand out an address. */
  addressUnavailable: privateError(422, 0, 'Inner validation failed', {
    field: 'message',
    fieldMessage: 'Currency is not available',
  }),
  addressLimitReached: privateError(422, 0, 'Inner validation failed', {
    field: 'message',
    fieldMessage: 'Address limit reached',
  }),

  // --- withdrawals (reference §7.4–7.5; "Inner validation failed" codes 1–9) ---
  withdrawNotWithdrawable: privateError(422, 1, 'Inner validation failed', {
    field: 'ticker',
    fieldMessage: 'Currency is not withdrawable',
  }),
  withdrawNotDepositable: privateError(422, 1, 'Inner validation failed', {
    field: 'ticker',
    fieldMessage: 'Currency is not depositable',
  }),
  withdrawAddressInvalid: privateError(422, 2, 'Inner validation failed', {
    field: 'address',
    fieldMessage: 'The address is invalid',
  }),
  withdrawAmountTooSmall: privateError(422, 3, 'Inner validation failed', {
    field: 'amount',
    fieldMessage: 'Amount is less than the minimum withdrawal {min}',
  }),
  withdrawAmountTooLarge: privateError(422, 0, 'Inner validation failed', {
    field: 'amount',
    fieldMessage: 'Amount is greater than the maximum withdrawal {max}',
  }),
  withdrawInsufficientFunds: privateError(422, 5, 'Inner validation failed', {
    field: 'amount',
    fieldMessage: 'Not enough money, {name} balance = {balance}',
  }),
  withdrawAmountNotAboveFee: privateError(422, 6, 'Inner validation failed', {
    field: 'amount',
    fieldMessage: 'Amount must be greater than the fee {fee}',
  }),
  withdrawAmountPrecision: privateError(422, 7, 'Inner validation failed', {
    field: 'amount',
    fieldMessage: 'The amount must have no more than {precision} decimal places',
  }),
  withdrawOwnAddress: privateError(422, 9, 'Inner validation failed', {
    field: 'address',
    fieldMessage: 'This address is unavailable: it is one of your deposit addresses',
  }),

  // --- codes (the exchange's main-account documentation; docs/decisions.md, "Codes") ---
  codeFiat: privateError(422, 0, 'Inner validation failed', {
    field: 'ticker',
    fieldMessage: 'Fiat are available on the front-end only',
  }),
  /** An unknown code and a wrong passphrase are one answer: nobody learns which codes exist. */
  codeIncorrect: privateError(400, 0, 'Validation failed', {
    field: 'code',
    fieldMessage: 'Incorrect code or passphrase',
  }),
  codeAlreadyApplied: privateError(400, 0, 'Validation failed', {
    field: 'code',
    fieldMessage: 'Code already applied',
  }),
  codeOwn: privateError(400, 0, 'Validation failed', { field: 'code', fieldMessage: 'This code was created by you' }),

  // --- admin API ---
  adminBadRequest: adminError(400, '{detail}'),
  adminUnauthorized: adminError(401, 'Missing or invalid admin token.'),
  adminForbidden: adminError(403, 'The admin API answers clients on this machine only.'),
  adminNotFound: adminError(404, '{detail}'),
  adminConflict: adminError(409, '{detail}'),
  adminMethodNotAllowed: adminError(405, 'Method {method} is not allowed on {url}; it takes {allow}.'),
  adminUnsupportedMediaType: adminError(415, 'Content-Type must be application/json.'),
  adminBodyTooLarge: adminError(413, 'Request body is too large.'),
  adminRequestTimeout: adminError(408, 'Request timeout.'),
  adminHeadersTooLarge: adminError(431, 'Request headers are too large.'),
  adminUnavailable: adminError(503, 'Service temporarily unavailable, try again later.'),
  adminOnStandby: adminError(
    503,
    'This engine node stands by; {leader} leads the cluster. Send admin requests through a gateway.',
  ),
  adminInternal: adminError(500, 'Internal server error.'),
} as const satisfies Record<string, ErrorSpec>;

export type ErrorName = keyof typeof ERRORS;

/**
 * Field messages of the mining endpoints that the deployed service answers as translation keys
 * (reference §8.2, §8.3), kept verbatim so that clients matching them keep working.
 */
export const MINING_FIELD_MESSAGES = {
  invalidBtcAddress: 'miningPool.validation.payoutDestination.invalidBtcAddress',
  btcAddressRequired: 'miningPool.validation.payoutDestination.btcAddressRequired',
  integer: 'validation.integer',
  limitMin: 'validation.min.integer',
  limitMax: 'validation.max.integer',
  offsetMin: 'validation.min',
  offsetMax: 'validation.max',
} as const;

export type FieldErrors = Record<string, string[]>;
