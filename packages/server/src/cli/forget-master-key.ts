import type { Config } from '../config/schema.js';
import { sealingKeyIds } from '../process/store-master-key.js';
import { configuredMasterKey, MasterKeyError, readMasterKeyFile } from '../secrets/master-key.js';
import { SecretBox } from '../secrets/secret-box.js';
import { applyKeyChange, withStoreAlone, type KeyChangeAudit, type KeyChangeMade } from './apply-key-change.js';
import { KeyChange } from './key-change.js';
import { OperatorError } from './operator-error.js';

export interface ForgetReport {
  /** The lost master keys: every secret they sealed is gone. */
  readonly forgotten: readonly string[];
  /** The key the store is sealed under from now on. */
  readonly to: string;
  /** API keys that worked until now and are revoked: their users need new ones. */
  readonly revokedApiKeys: readonly { readonly apiKey: string; readonly user: string }[];
  /** Keys revoked before, whose secrets went with the lost key too. */
  readonly alreadyRevoked: number;
  /** Secrets the configured key still opened (a store sealed under more than one), sealed under the new key. */
  readonly resealedApiKeys: number;
  /** The demo credentials: dropped (new demo keys at the next `--demo` start), sealed again, or none kept. */
  readonly demoCredentials: 'dropped' | 'resealed' | null;
  /** The saved states whose secrets were dropped or sealed again as the store's were. */
  readonly savedStates: readonly string[];
  /** Those left as they were: damaged, or holding a secret neither key opens; they do not load as they are. */
  readonly savedStatesLeft: readonly { readonly name: string; readonly problem: string }[];
  readonly next: string;
}

/**
 * `txc master-key forget --to <file> --lost <key id>`: the way out for a venue whose master key is
 * lost, which would otherwise never start again (a store refuses every other key, so that a mistyped
 * one never silently disables every API key). With no server running (it takes the data-dir lock,
 * and the database's on PostgreSQL), every secret sealed under a key the configuration cannot give
 * is dropped: each API key is revoked, its secret replaced by one nobody knows; the demo credentials
 * become none. What the configured key still opens is sealed again under the new key, which the store
 * records, in one commit with the audit log's lines; the saved states are changed the same way first.
 *
 * It refuses when nothing is lost (the configured key opens everything: `rotate` changes keys), and
 * unless `--lost` names exactly the keys it would forget, which the refusal names: forgetting a key
 * that is only misconfigured, not lost, would revoke every API key for nothing.
 */
export async function forgetMasterKey(
  config: Config,
  newKeyFile: string,
  lost: readonly string[] | undefined,
  now = Date.now(),
): Promise<ForgetReport> {
  return withStoreAlone(config, async (store) => {
    const to = SecretBox.fromKey(readMasterKeyFile(newKeyFile).key);
    const from = usableKey(config);
    const sealedUnder = [...(await sealingKeyIds(store))];
    const forgotten = sealedUnder.filter((id) => id !== to.keyId && id !== from?.keyId);
    if (forgotten.length === 0) throw nothingLost(sealedUnder, to, from, newKeyFile);
    if (lost === undefined || !sameIds(lost, forgotten)) {
      throw new OperatorError(
        `this drops every secret sealed under master key ${forgotten.join(', ')}: its API keys are revoked ` +
          '(their users need new ones) and the demo credentials dropped. If that key is lost, run again with ' +
          `--lost ${forgotten.join(',')}; if it is not, configure it instead`,
      );
    }
    const change = new KeyChange({ to, from, droppedAt: now });
    const made = await applyKeyChange(store, config, change, (what) => audit(reportOf(what)), now);
    return reportOf(made);

    function reportOf(made: KeyChangeMade): ForgetReport {
      const dropped = made.apiKeys.filter((k) => k.dropped).map((k) => k.before);
      const revokedApiKeys = dropped.filter((k) => k.revokedAt === null).map(({ apiKey, user }) => ({ apiKey, user }));
      return {
        forgotten,
        to: to.keyId,
        revokedApiKeys,
        alreadyRevoked: dropped.length - revokedApiKeys.length,
        resealedApiKeys: made.apiKeys.length - dropped.length,
        demoCredentials: made.credentials === undefined ? null : made.credentials.dropped ? 'dropped' : 'resealed',
        savedStates: made.savedStates.rewritten,
        savedStatesLeft: made.savedStates.left,
        next:
          `start txc with masterKeyFile ${newKeyFile} (--master-key-file, TXC_MASTER_KEY_FILE): the store now opens ` +
          `only under master key ${to.keyId}; issue new API keys to the users of the keys revoked`,
      };
    }
  });
}

/** The configured key, if it can be read: the lost one is often a key file that is gone. */
function usableKey(config: Config): SecretBox | undefined {
  try {
    const key = configuredMasterKey(config);
    return key === undefined ? undefined : SecretBox.fromKey(key.key);
  } catch (e) {
    if (e instanceof MasterKeyError) return undefined;
    throw e;
  }
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/** The refusal when every secret opens under a key at hand: nothing is lost. */
function nothingLost(sealedUnder: string[], to: SecretBox, from: SecretBox | undefined, file: string): Error {
  if (sealedUnder.length === 0) {
    return new OperatorError('the store names no master key (nothing is sealed in it): nothing is lost');
  }
  if (from === undefined || sealedUnder.every((id) => id === to.keyId)) {
    return new OperatorError(`${file} holds the master key this store is sealed under (${to.keyId}): configure it`);
  }
  return new OperatorError(
    `the configured master key ${from.keyId} opens this store: nothing is lost (to change keys: txc master-key rotate --to ${file})`,
  );
}

/** The forgetting in the admin audit log, with what it dropped. */
function audit(report: ForgetReport): KeyChangeAudit {
  return {
    action: 'cli forgetMasterKey',
    target: { forgotten: report.forgotten, to: report.to },
    body: {
      revokedApiKeys: report.revokedApiKeys.map((k) => k.apiKey),
      alreadyRevoked: report.alreadyRevoked,
      resealedApiKeys: report.resealedApiKeys,
      demoCredentials: report.demoCredentials,
      savedStates: report.savedStates,
    },
  };
}
