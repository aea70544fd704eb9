/**
 * Errors that say, in one line, what the operator can do about them: the CLI prints their message
 * alone, without a stack trace. Known by name, so that recognising one loads none of the modules
 * that throw them.
 */
const OPERATOR_FACING = new Set([
  'ConfigError',
  'DataDirLockedError',
  'DamagedLockError',
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
  'JournalCorruptError',
]);

export function isOperatorFacing(e: unknown): e is Error {
  return e instanceof Error && OPERATOR_FACING.has(e.name);
}

/** What the file system said, in the operator's words: the data dir, a lock or a store it could not make or open. */
const FILE_REFUSALS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EEXIST: 'a file is in the way',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EISDIR: 'it is a directory',
  ENOENT: 'no such file or directory',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
};

/** A file system call's refusal as one line (`cannot mkdir /srv/txc: permission denied (EACCES)`), or undefined. */
export function fileRefusal(e: unknown): string | undefined {
  if (!(e instanceof Error)) return undefined;
  const { code, syscall, path, dest, info } = e as Error & {
    code?: unknown;
    syscall?: unknown;
    path?: unknown;
    dest?: unknown;
    info?: { code?: unknown };
  };
  if (typeof code !== 'string' || typeof syscall !== 'string' || typeof path !== 'string') return undefined;
  // Node's own checks (rm of a directory) name the system's code inside `info`
  const errno = code.startsWith('ERR_FS_') ? String(info?.code) : code;
  const reason = FILE_REFUSALS[errno];
  if (reason === undefined) return undefined;
  // a rename, copy or link names its second path too
  const paths = typeof dest === 'string' ? `${path} → ${dest}` : path;
  return `cannot ${syscall} ${paths}: ${reason} (${errno})`;
}
