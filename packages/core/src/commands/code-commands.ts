/**
 * Creates a code of `amount` from the user's main balance, which holds it until the code is
 * applied. Fiat and assets that cannot be withdrawn are refused, as a withdrawal would be.
 */
export interface CreateCode {
  readonly type: 'CreateCode';
  readonly user: string;
  /** The code's text, chosen by the caller (unique), so that replaying the journal reproduces it. */
  readonly code: string;
  readonly externalId: string;
  readonly ticker: string;
  readonly amount: bigint;
  /** See Code.passphraseDigest. */
  readonly passphraseDigest: string | null;
  readonly description: string | null;
}

/**
 * Applies a code: its held amount goes to the applier's main balance. An unknown code and a wrong
 * (or missing, or unexpected) passphrase are one refusal, so that nobody learns which codes exist;
 * the creator's own code and a code already applied are refused apart.
 */
export interface ApplyCode {
  readonly type: 'ApplyCode';
  readonly user: string;
  readonly code: string;
  /** The digest of the passphrase sent, made as at creation; null when none was sent. */
  readonly passphraseDigest: string | null;
}

export interface CodeOutcome {
  readonly code: string;
  readonly externalId: string;
  readonly ticker: string;
  readonly amount: bigint;
}
