import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { AdminError, record, requiredString } from './admin-input.js';
import type { Config } from '../config/schema.js';
import type { TableRows } from '../store/table-copy.js';
import { stateHash } from '../venue/sequencer/state-hash.js';
import type { Venue } from '../venue/venue.js';

/** What a saved state is, as listed. */
export interface SavedStateView {
  readonly name: string;
  /** Seq of the last command it holds. */
  readonly seq: number;
  /** The state hash at that seq (what `txc replay` prints). */
  readonly hash: string;
  /** The store it was taken from: it loads into a store of the same kind. */
  readonly store: 'sqlite' | 'postgres';
  /** Unix milliseconds. */
  readonly savedAt: number;
  readonly bytes: number;
}

/** The state a demo venue starts from, saved once it is seeded: what `reset` loads. */
export const INITIAL_STATE = 'initial';

/** Where a server keeps its saved states: the data dir's `states` folder. */
export function statesDirOf(config: Config): string {
  return join(config.dataDir, 'states');
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const FORMAT = 1;

const rowsFile = (dir: string, name: string): string => join(dir, `${name}.rows.json.gz`);
const metaFile = (dir: string, name: string): string => join(dir, `${name}.json`);

function checkedName(name: string): string {
  if (!NAME.test(name)) {
    throw new AdminError(
      'adminBadRequest',
      'name must be 1–64 letters, digits, `_`, `-` or `.`, starting with a letter or digit.',
    );
  }
  return name;
}

function readMeta(dir: string, name: string): SavedStateView {
  const file = metaFile(dir, checkedName(name));
  if (!existsSync(file)) throw new AdminError('adminNotFound', `No saved state ${name}.`);
  return JSON.parse(readFileSync(file, 'utf8')) as SavedStateView;
}

/** Writes `text` to `file` whole or not at all. */
function writeWhole(file: string, data: string | Buffer): void {
  const incoming = `${file}.writing`;
  writeFileSync(incoming, data, { mode: 0o600 });
  renameSync(incoming, file);
}

/** The saved states in `dir`, by name. */
export function listSavedStates(dir: string): SavedStateView[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .filter((name) => NAME.test(name))
    .sort()
    .map((name) => readMeta(dir, name));
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
  if (body.replace !== true && existsSync(metaFile(dir, name))) {
    throw new AdminError('adminConflict', `A saved state ${name} exists; send replace: true to overwrite it.`);
  }
  const copy = await venue.exclusive(async ({ store }) => ({
    seq: venue.state.seq,
    hash: stateHash(venue.state),
    rows: await store.readVenueTables(),
  }));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const data = gzipSync(JSON.stringify({ format: FORMAT, rows: copy.rows }));
  writeWhole(rowsFile(dir, name), data);
  const view: SavedStateView = {
    name,
    seq: copy.seq,
    hash: copy.hash,
    store: venue.store.kind,
    savedAt: venue.clock.nowMs(),
    bytes: data.length,
  };
  writeWhole(metaFile(dir, name), JSON.stringify(view));
  return view;
}

/**
 * Loads a saved state in place of the venue: it takes no command meanwhile (503), its tables are
 * replaced in one transaction, the state is rebuilt from them and checked against the saved hash,
 * and every WebSocket closes (4004: subscribe again). What was not saved is gone.
 */
export async function loadSavedState(venue: Venue, dir: string, name: string): Promise<SavedStateView> {
  const meta = readMeta(dir, name);
  if (meta.store !== venue.store.kind) {
    throw new AdminError(
      'adminConflict',
      `${name} was saved from a ${meta.store} store; this venue is on ${venue.store.kind}.`,
    );
  }
  const saved = JSON.parse(gunzipSync(readFileSync(rowsFile(dir, name))).toString('utf8')) as {
    format: number;
    rows: TableRows;
  };
  if (saved.format !== FORMAT) throw new AdminError('adminConflict', `${name} is in a format this txc cannot read.`);
  await venue.exclusive(async ({ store, rebuild }) => {
    await store.replaceVenueTables(saved.rows);
    await rebuild();
    const hash = stateHash(venue.state);
    if (venue.state.seq !== meta.seq || hash !== meta.hash) {
      throw new Error(
        `saved state ${name} rebuilt to seq ${venue.state.seq} hash ${hash}, not ${meta.seq} ${meta.hash}`,
      );
    }
  });
  return meta;
}

export function deleteSavedState(dir: string, name: string): { deleted: string } {
  if (name === INITIAL_STATE) {
    throw new AdminError(
      'adminBadRequest',
      `${INITIAL_STATE} is the demo's first state, which reset loads: it cannot be deleted.`,
    );
  }
  readMeta(dir, name);
  rmSync(metaFile(dir, name));
  rmSync(rowsFile(dir, name), { force: true });
  return { deleted: name };
}
