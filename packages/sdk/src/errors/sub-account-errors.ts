import { privateError, type ErrorSpec } from './error-spec.js';

/** The errors of the sub-account routes (exchange docs, `sub-account/*`; docs/decisions.md). */
export const SUB_ACCOUNT_ERRORS = {
  /** An unknown id, another user's or a deleted one: the same answer, so others' ids do not leak. */
  subAccountNotFound: privateError(400, 0, 'Validation failed', {
    field: 'id',
    fieldMessage: 'The selected id is invalid.',
  }),
  subAccountAliasTaken: privateError(400, 0, 'Validation failed', {
    field: 'alias',
    fieldMessage: 'Alias already exists.',
  }),
  subAccountNotEmpty: privateError(422, 0, 'Inner validation failed', {
    field: 'id',
    fieldMessage: 'The sub-account still holds funds, orders, positions or withdrawals, or owes the lending pool.',
  }),
  /** `subAccountId` unknown, another user's or deleted: one answer, as for `id`. */
  subAccountIdInvalid: privateError(400, 0, 'Validation failed', {
    field: 'subAccountId',
    fieldMessage: 'The selected subAccountId is invalid.',
  }),
  /** An unknown, deleted or another user's sub-account key: the docs' 404, code as the status. */
  subAccountApiKeyNotFound: privateError(404, 404, 'API key not found'),
  subAccountApiKeyLimit: privateError(400, 5, 'Limit of API keys is reached. Maximum allowed: {max}'),
  /** A key type the caller's own key could not use itself (type 2 needs its `withdraw`). */
  subAccountApiKeyTypeNotAllowed: privateError(400, 5, "Type isn't allowed"),
  subAccountApiKeyRestrictedUrls: privateError(
    400,
    5,
    'The following URLs are restricted for sub-account API keys: {urls}',
  ),
  subAccountApiKeyIpTaken: privateError(400, 5, 'This IP address is already in allowlist'),
  subAccountApiKeyIpMissing: privateError(400, 5, 'IP address {ip} is not in the allowlist'),
  subAccountApiKeyIpsFull: privateError(400, 5, 'You have reached the maximum number of allowed IPs: {max}'),
} as const satisfies Record<string, ErrorSpec>;
