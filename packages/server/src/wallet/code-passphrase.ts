import { createHash } from 'node:crypto';

/**
 * What the engine keeps of a code's passphrase: a SHA-256 digest salted with the code, so that the
 * journal and snapshots never hold the passphrase and two codes with one passphrase differ. Null
 * when there is none.
 */
export function passphraseDigest(code: string, passphrase: string | undefined): string | null {
  if (passphrase === undefined) return null;
  return createHash('sha256').update(code, 'utf8').update('\u0000').update(passphrase, 'utf8').digest('hex');
}
