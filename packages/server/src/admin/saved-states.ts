import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { AdminError, record, requiredString } from './admin-input.js';
import type { Config } from '../config/schema.js';
import { SecretBox } from '../secrets/secret-box.js';
import { secretContext } from '../venue/keys/api-keys.js';
import type { TableRows } from '../store/table-copy.js';
import { loadState, NewerRulesError, type LoadedState } from '../venue/sequencer/load-state.js';
import { rowsJournal } from '../venue/sequencer/rows-journal.js';
import { stateHash } from '../venue/sequencer/state-hash.js';
import type { Venue } from '../venue/venue.js';
import { MASTER_KEY_ID_META } from '../secrets/master-key-id-meta.js';
import {
  checkedName,
  descriptionFile,
  isStateName,
  readDescription,
  readRows,
  rowsFile,
  rowsFileProblem,
  ROWS_FORMAT,
  writeWhole,
  type SavedStateView,
} from './saved-state-files.js';

export type { SavedStateView } from './saved-state-files.js';

/**
 * A saved state as listed: its description, and what keeps it from loading when a part of it is
 * missing, unreadable or not the size it was saved with (a rows file changed inside at the same
 * size shows only when it is loaded).
 */
export type SavedStateListing =
  (SavedStateView & { readonly problem?: string }) | { readonly name: string; readonly problem: string };

/** The state a demo venue starts from, saved once it is seeded: what `reset` loads. */
export const INITIAL_STATE = 'initial';

/** Where a server keeps its saved states: the data dir's `states` folder. */
export function statesDirOf(config: Config): string {
  return join(config.dataDir, 'states');
}

/** The saved states in `dir`, by name; a damaged one is listed with its problem rather than failing the list. */
export function listSavedStates(dir: string): SavedStateListing[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .filter(isStateName)
    .sort()
    .map((name) => {
      try {
        const view = readDescription(dir, name);
        const problem = rowsFileProblem(dir, view);
        return problem === undefined ? view : { ...view, problem };
      } catch (e) {
        if (e instanceof AdminError) return { name, problem: e.detail };
        throw e;
      }
    });
}

/**
 * Saves the venue as it stands under a name (`{name, replace?}`): the venue takes no command while
 * its tables are read (a few milliseconds for a small venue; requests meanwhile answer 503), so the
 * copy is the committed state at one seq. A name in use is refused unless `replace` is true.
 */
export async function saveState(venue: Venue, dir: string, input: unknown, reserved = true): Promise<SavedStateView> {
  const body = record(input, ['name', 'replace']);
  const name = checkedName(requiredString(body, 'name'));
  if (reserved && name === INITIAL_STATE) {
    throw new AdminError(
      'adminBadRequest',
      `${INITIAL_STATE} is the demo's first state: reset loads it; choose another name.`,
    );
  }
  if (body.replace !== undefined && typeof body.replace !== 'boolean') {
    throw new AdminError('adminBadRequest', 'replace must be true or false.');
  }
  if (body.replace !== true && existsSync(descriptionFile(dir, name))) {
    throw new AdminError(
      'adminConflict',
      `A saved state ${name} exists; send replace: true (txc state save --replace) to overwrite it.`,
    );
  }
  const copy = await venue.exclusive(async ({ store }) => ({
    seq: venue.state.seq,
    hash: stateHash(venue.state),
    rows: await store.readVenueTables(),
  }));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const described = { name, seq: copy.seq, hash: copy.hash, store: venue.store.kind, savedAt: venue.clock.nowMs() };
  return writeRows(dir, described, copy.rows);
}

/**
 * Why the secrets of `rows` would not open once loaded (the venue opens every API key's as it
 * rebuilds, and a demo venue its credentials as it starts), or undefined when they all would.
 */
function unopenedSecrets(name: string, rows: TableRows, secrets: SecretBox): string | undefined {
  const sealed = [
    ...(rows.api_keys ?? []).map((r) => ({ value: r.secret, context: secretContext(String(r.api_key)) })),
    ...(rows.meta ?? []).map((r) => ({ value: r.value, context: undefined })),
  ];
  for (const { value, context } of sealed) {
    if (typeof value !== 'string' || !SecretBox.isSealed(value)) continue;
    const keyId = SecretBox.keyIdOf(value);
    if (keyId !== secrets.keyId) {
      return `Saved state ${name} was saved under master key ${keyId}, and this venue's is ${secrets.keyId}: it loads only where its API keys open.`;
    }
    try {
      if (context !== undefined) secrets.open(value, context);
    } catch (e) {
      return `Saved state ${name} is damaged: an API key's secret does not open (${(e as Error).message}).`;
    }
  }
  return undefined;
}

/**
 * The state `rows` hold, rebuilt as a load would and checked against the saved seq and hash; and
 * their secrets, which the venue opens once they are loaded.
 */
async function checkedState(
  name: string,
  saved: SavedStateView,
  rows: TableRows,
  secrets: SecretBox,
): Promise<LoadedState> {
  const unopened = unopenedSecrets(name, rows, secrets);
  if (unopened !== undefined) throw new AdminError('adminConflict', unopened);
  let loaded: LoadedState;
  try {
    loaded = await loadState(rowsJournal(rows));
  } catch (e) {
    // nothing but the rows is read here: whatever fails, fails on them
    const why = e instanceof Error ? e.message : String(e);
    if (e instanceof NewerRulesError) throw new AdminError('adminConflict', `Saved state ${name} cannot load: ${why}.`);
    throw new AdminError('adminConflict', `Saved state ${name} is damaged: ${why}.`);
  }
  const hash = stateHash(loaded.state);
  if (loaded.state.seq !== saved.seq || hash !== saved.hash) {
    throw new AdminError(
      'adminConflict',
      `Saved state ${name} is damaged: it rebuilds to seq ${loaded.state.seq} hash ${hash}, not the saved seq ${saved.seq} hash ${saved.hash}.`,
    );
  }
  return loaded;
}

/**
 * Loads a saved state in place of the venue. Its files are read and the state they hold rebuilt and
 * checked against the saved hash first, while the venue goes on: a damaged state is refused (409)
 * with the venue untouched. Then the venue takes no command (503), its tables are replaced in one
 * transaction, it goes on from the checked state, and every WebSocket closes (4004: subscribe
 * again). What was not saved is gone.
 */
export async function loadSavedState(venue: Venue, dir: string, name: string): Promise<SavedStateView> {
  const saved = readDescription(dir, name);
  if (saved.store !== venue.store.kind) {
    throw new AdminError(
      'adminConflict',
      `${name} was saved from a ${saved.store} store; this venue is on ${venue.store.kind}.`,
    );
  }
  const rows = readRows(dir, name);
  const unknown = unknownColumn(rows, await venue.store.venueTableColumns());
  if (unknown !== undefined) {
    // a column this store lacks holds what it cannot keep: a newer txc saved it
    throw new AdminError('adminConflict', `${name} is in a format this txc cannot read (column ${unknown}).`);
  }
  const loaded = await checkedState(name, saved, rows, venue.secrets);
  await venue.exclusive(({ replace }) => replace(keyIdOf(rows, venue.secrets.keyId), loaded));
  return saved;
}

/** The first `table.column` of `rows` that the store does not have, or undefined. */
function unknownColumn(rows: TableRows, columns: Map<string, ReadonlySet<string>>): string | undefined {
  for (const [table, list] of Object.entries(rows)) {
    const known = columns.get(table);
    for (const row of list ?? []) {
      for (const column of Object.keys(row)) if (known?.has(column) !== true) return `${table}.${column}`;
    }
  }
  return undefined;
}

/**
 * The rows naming `keyId` as the store's master key: a state saved before a rotation, or where another
 * key sealed nothing it holds, would otherwise record a key this venue does not have, and the next
 * start would refuse the store.
 */
function keyIdOf(rows: TableRows, keyId: string): TableRows {
  const meta = (rows.meta ?? []).filter((row) => row.key !== MASTER_KEY_ID_META);
  return { ...rows, meta: [...meta, { key: MASTER_KEY_ID_META, value: keyId }] };
}

/** Deletes a saved state, whole or damaged. */
export function deleteSavedState(dir: string, name: string): { deleted: string } {
  if (checkedName(name) === INITIAL_STATE) {
    throw new AdminError(
      'adminBadRequest',
      `${INITIAL_STATE} is the demo's first state, which reset loads: it cannot be deleted.`,
    );
  }
  if (!existsSync(descriptionFile(dir, name)) && !existsSync(rowsFile(dir, name))) {
    throw new AdminError('adminNotFound', `No saved state ${name}.`);
  }
  rmSync(descriptionFile(dir, name), { force: true });
  rmSync(rowsFile(dir, name), { force: true });
  return { deleted: name };
}

/**
 * Writes a saved state's rows and its description, each file whole, and answers the description
 * written (`bytes` the rows file's): the rows must rebuild to its seq and hash.
 */
export function writeRows(dir: string, view: Omit<SavedStateView, 'bytes'>, rows: TableRows): SavedStateView {
  const data = gzipSync(JSON.stringify({ format: ROWS_FORMAT, rows }));
  writeWhole(rowsFile(dir, view.name), data);
  const described: SavedStateView = { ...view, bytes: data.length };
  writeWhole(descriptionFile(dir, view.name), JSON.stringify(described));
  return described;
}

/** What `rewriteSavedStates` did: the states rewritten, and those left as they were, with why. */
export interface SavedStatesRewritten {
  readonly rewritten: readonly string[];
  readonly left: readonly { readonly name: string; readonly problem: string }[];
}

/**
 * Passes every saved state's rows through `change` and writes back those it changed (undefined:
 * unchanged), each file whole: saved states hold sealed secrets too, which a change of master key
 * must reach. A state that cannot be read, or that `change` refuses (a secret sealed under a key
 * neither side of the change has), is left as it is and reported: it does not load as it is, and
 * must not stand in the way of the change of key.
 */
export function rewriteSavedStates(
  dir: string,
  change: (rows: TableRows) => TableRows | undefined,
): SavedStatesRewritten {
  const rewritten: string[] = [];
  const left: { name: string; problem: string }[] = [];
  for (const listed of listSavedStates(dir)) {
    // the rows decide the rest: a file of another size that still reads (gzipped again, say) is rewritten
    if (!('seq' in listed)) {
      left.push({ name: listed.name, problem: listed.problem });
      continue;
    }
    const { problem: _listed, ...view } = listed;
    let rows: TableRows | undefined;
    try {
      rows = change(readRows(dir, view.name));
    } catch (e) {
      left.push({ name: view.name, problem: e instanceof AdminError ? e.detail : (e as Error).message });
      continue;
    }
    if (rows === undefined) continue;
    writeRows(dir, view, rows);
    rewritten.push(view.name);
  }
  return { rewritten, left };
}
