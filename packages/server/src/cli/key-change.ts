import { CREDENTIALS_CONTEXT, CREDENTIALS_META } from '../demo/stored-credentials.js';
import type { ApiKeyRecord } from '../store/port.js';
import type { TableRows } from '../store/table-copy.js';
import { secretContext } from '../venue/keys/api-keys.js';
import { SecretBox } from '../secrets/secret-box.js';
import { MASTER_KEY_ID_META } from '../process/store-master-key.js';

/**
 * A change of the master key a venue's secrets are sealed under, value by value, wherever they are
 * kept: API key secrets and the demo credentials, in the store and in every saved state. A value
 * sealed under another key than the new one is opened with the old key and sealed again under the
 * new one; a value already under the new key is left as it is, so that a change cut short is
 * completed by making it again; a plaintext secret (a store written before sealing) is sealed.
 */
export class KeyChange {
  constructor(
    readonly from: SecretBox,
    readonly to: SecretBox,
  ) {}

  /** The value sealed under the new key; undefined when it already is. */
  private reseal(stored: string, context: string): string | undefined {
    if (SecretBox.keyIdOf(stored) === this.to.keyId) return undefined;
    return this.to.seal(SecretBox.isSealed(stored) ? this.from.open(stored, context) : stored, context);
  }

  /** An API key with its secret under the new key; undefined when it already is. */
  apiKey(record: ApiKeyRecord): ApiKeyRecord | undefined {
    const sealedSecret = this.reseal(record.sealedSecret, secretContext(record.apiKey));
    return sealedSecret === undefined ? undefined : { ...record, sealedSecret };
  }

  /** The demo credentials under the new key; undefined when they already are. */
  credentials(stored: string): string | undefined {
    return this.reseal(stored, CREDENTIALS_CONTEXT);
  }

  /**
   * A saved state's rows with the change made, as loading it must find them (its recorded key among
   * them); undefined when nothing in them changes.
   */
  savedRows(rows: TableRows): TableRows | undefined {
    let changed = false;
    const apiKeys = rows.api_keys?.map((row) => {
      const secret = this.reseal(String(row.secret), secretContext(String(row.api_key)));
      if (secret === undefined) return row;
      changed = true;
      return { ...row, secret };
    });
    const meta = rows.meta?.map((row) => {
      let value: string | undefined;
      if (row.key === CREDENTIALS_META) value = this.credentials(String(row.value));
      else if (row.key === MASTER_KEY_ID_META && row.value !== this.to.keyId) value = this.to.keyId;
      if (value === undefined) return row;
      changed = true;
      return { ...row, value };
    });
    return changed ? { ...rows, api_keys: apiKeys, meta } : undefined;
  }
}
