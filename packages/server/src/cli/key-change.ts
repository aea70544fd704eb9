import { randomBytes } from 'node:crypto';
import { CREDENTIALS_CONTEXT, CREDENTIALS_META } from '../demo/stored-credentials.js';
import { MASTER_KEY_ID_META } from '../process/store-master-key.js';
import { SecretBox } from '../secrets/secret-box.js';
import type { ApiKeyRecord } from '../store/port.js';
import type { TableRows } from '../store/table-copy.js';
import { secretContext } from '../venue/keys/api-keys.js';

/** What the demo credentials become when the key that sealed them is lost: none (seedDemo issues new ones). */
const NO_CREDENTIALS = 'null';

/** What became of one sealed value: sealed again under the new key, or dropped with a lost one. */
export interface Changed {
  readonly value: string;
  readonly dropped: boolean;
}

/**
 * A change of the master key a venue's secrets are sealed under, value by value, wherever they are
 * kept: API key secrets and the demo credentials, in the store and in every saved state. A value
 * already under the new key is left as it is, so that a change cut short is completed by making it
 * again; a plaintext secret (a store written before sealing) is sealed. Any other value is opened with
 * the old key and sealed again under the new one (`txc master-key rotate`), or, when the old key is
 * lost (`txc master-key forget`, `droppedAt` given), dropped unless the old key it was given opens it:
 * an API key is then revoked, its secret replaced by random bytes nobody knows, sealed under the new
 * key; the demo credentials become none.
 */
export class KeyChange {
  readonly to: SecretBox;
  /** The key the values not under `to` are opened with; for a lost key, undefined or another that opens some. */
  readonly from: SecretBox | undefined;
  /** When values the old key cannot open are dropped: their keys revoked at this time (ms). */
  readonly droppedAt: number | undefined;

  constructor(keys: { readonly to: SecretBox; readonly from: SecretBox | undefined; readonly droppedAt?: number }) {
    this.to = keys.to;
    this.from = keys.from;
    this.droppedAt = keys.droppedAt;
  }

  /** The value under the new key; undefined when it already is. */
  private change(stored: string, context: string, dropped: () => string): Changed | undefined {
    const id = SecretBox.keyIdOf(stored);
    if (id === this.to.keyId) return undefined;
    if (id === undefined) return { value: this.to.seal(stored, context), dropped: false };
    if (this.droppedAt !== undefined && id !== this.from?.keyId) return { value: dropped(), dropped: true };
    if (this.from === undefined) throw new Error(`no key to open what master key ${id} sealed`);
    return { value: this.to.seal(this.from.open(stored, context), context), dropped: false };
  }

  /** A secret nobody knows in place of one lost: the row stays valid, and signs nothing. */
  private unknowable(context: string): string {
    return this.to.seal(randomBytes(32).toString('hex'), context);
  }

  /** An API key with its secret under the new key (revoked if its secret was dropped); undefined when it already is. */
  apiKey(record: ApiKeyRecord): { readonly record: ApiKeyRecord; readonly dropped: boolean } | undefined {
    const context = secretContext(record.apiKey);
    const changed = this.change(record.sealedSecret, context, () => this.unknowable(context));
    if (changed === undefined) return undefined;
    const revokedAt = changed.dropped ? (record.revokedAt ?? this.droppedAt ?? null) : record.revokedAt;
    return { record: { ...record, sealedSecret: changed.value, revokedAt }, dropped: changed.dropped };
  }

  /** The demo credentials under the new key (none if dropped); undefined when they already are. */
  credentials(stored: string): Changed | undefined {
    return this.change(stored, CREDENTIALS_CONTEXT, () => this.to.seal(NO_CREDENTIALS, CREDENTIALS_CONTEXT));
  }

  /**
   * A saved state's rows with the change made, as loading it must find them (its recorded key among
   * them); undefined when nothing in them changes.
   */
  savedRows(rows: TableRows): TableRows | undefined {
    let changed = false;
    const apiKeys = rows.api_keys?.map((row) => {
      const context = secretContext(String(row.api_key));
      const secret = this.change(String(row.secret), context, () => this.unknowable(context));
      if (secret === undefined) return row;
      changed = true;
      const revoked = secret.dropped ? { revoked_at: row.revoked_at ?? this.droppedAt ?? null } : {};
      return { ...row, secret: secret.value, ...revoked };
    });
    const meta = rows.meta?.map((row) => {
      let value: string | undefined;
      if (row.key === CREDENTIALS_META) value = this.credentials(String(row.value))?.value;
      else if (row.key === MASTER_KEY_ID_META && row.value !== this.to.keyId) value = this.to.keyId;
      if (value === undefined) return row;
      changed = true;
      return { ...row, value };
    });
    return changed ? { ...rows, api_keys: apiKeys, meta } : undefined;
  }
}
