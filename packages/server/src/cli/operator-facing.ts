/**
 * Errors that say, in one line, what the operator can do about them: the CLI prints their message
 * alone, without a stack trace. Known by name, so that recognising one loads none of the modules
 * that throw them.
 */
const OPERATOR_FACING = new Set([
  'ConfigError',
  'DataDirLockedError',
  'AdminError',
  'MasterKeyError',
  'AdminTokenError',
  'SecretBoxError',
  'OperatorError',
  'StoreOpenError',
  'StoreClaimedError',
  'ListenError',
  'NewerRulesError',
  'NewerStoreError',
  'StoreKindError',
  'VenueFileError',
  'PriceFileError',
]);

export function isOperatorFacing(e: unknown): e is Error {
  return e instanceof Error && OPERATOR_FACING.has(e.name);
}
