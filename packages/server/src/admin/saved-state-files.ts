import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AdminError } from './admin-input.js';
import { VENUE_TABLES, type TableRows } from '../store/table-copy.js';

/** What a saved state is, as its description file holds it. */
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

/** The rows file's layout: a later txc that changes it says so here, and this one refuses to read it. */
export const ROWS_FORMAT = 1;

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export const isStateName = (name: string): boolean => NAME.test(name);
export const rowsFile = (dir: string, name: string): string => join(dir, `${name}.rows.json.gz`);
export const descriptionFile = (dir: string, name: string): string => join(dir, `${name}.json`);

export function checkedName(name: string): string {
  if (!isStateName(name)) {
    throw new AdminError(
      'adminBadRequest',
      'name must be 1–64 letters, digits, `_`, `-` or `.`, starting with a letter or digit.',
    );
  }
  return name;
}

/** Writes `data` to `file` whole or not at all. */
export function writeWhole(file: string, data: string | Buffer): void {
  const incoming = `${file}.writing`;
  writeFileSync(incoming, data, { mode: 0o600 });
  renameSync(incoming, file);
}

const damaged = (name: string, what: string): AdminError =>
  new AdminError('adminConflict', `Saved state ${name} is damaged: ${what}.`);

export const missingRows = (name: string): AdminError =>
  new AdminError(
    'adminConflict',
    `Saved state ${name} is incomplete: ${name}.rows.json.gz is missing; put it back beside ${name}.json, or delete the state.`,
  );

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** A description file's content, or undefined when it is not one. */
function described(name: string, parsed: unknown): SavedStateView | undefined {
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const d = parsed as Record<string, unknown>;
  const { seq, hash, store, savedAt, bytes } = d;
  if (!isWhole(seq) || typeof hash !== 'string' || !isWhole(savedAt) || !isWhole(bytes)) return undefined;
  if (store !== 'sqlite' && store !== 'postgres') return undefined;
  // the state is the one its file is named for, whatever a description copied from another says
  return { name, seq, hash, store, savedAt, bytes };
}

/** A saved state's description: 404 when there is no such state, 409 naming what is wrong when it is damaged. */
export function readDescription(dir: string, name: string): SavedStateView {
  const file = descriptionFile(dir, checkedName(name));
  if (!existsSync(file)) {
    if (existsSync(rowsFile(dir, name))) {
      throw new AdminError(
        'adminConflict',
        `Saved state ${name} is incomplete: ${name}.json, its description, is missing; save it again or delete it.`,
      );
    }
    throw new AdminError('adminNotFound', `No saved state ${name}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw damaged(name, `${name}.json does not hold JSON`);
  }
  const view = described(name, parsed);
  if (view === undefined) throw damaged(name, `${name}.json is not the description of a saved state`);
  return view;
}

/**
 * What a look at its rows file shows wrong with a saved state, without reading it: missing, or not
 * the size it was saved with. A file changed inside at the same size shows only when it is read.
 */
export function rowsFileProblem(dir: string, view: SavedStateView): string | undefined {
  const file = rowsFile(dir, view.name);
  if (!existsSync(file)) return missingRows(view.name).detail;
  const size = statSync(file).size;
  if (size === view.bytes) return undefined;
  return damaged(
    view.name,
    `${view.name}.rows.json.gz is ${size} bytes, not the ${view.bytes} it was saved with: it was cut short or changed`,
  ).detail;
}

/** A saved state's rows, each part checked: 409 naming what is wrong when one is missing or damaged. */
export function readRows(dir: string, name: string): TableRows {
  let packed: Buffer;
  try {
    packed = readFileSync(rowsFile(dir, name));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw missingRows(name);
    throw e;
  }
  let text: string;
  try {
    text = gunzipSync(packed).toString('utf8');
  } catch (e) {
    throw damaged(
      name,
      `${name}.rows.json.gz cannot be unpacked (${(e as Error).message}): it was cut short or changed`,
    );
  }
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch {
    throw damaged(name, `${name}.rows.json.gz does not hold JSON`);
  }
  const { format, rows } = (typeof saved === 'object' && saved !== null ? saved : {}) as Record<string, unknown>;
  if (format !== ROWS_FORMAT) throw new AdminError('adminConflict', `${name} is in a format this txc cannot read.`);
  if (typeof rows !== 'object' || rows === null || Array.isArray(rows)) {
    throw damaged(name, `${name}.rows.json.gz holds no tables`);
  }
  for (const [table, list] of Object.entries(rows)) {
    // a table this txc does not know holds what it cannot load: a newer txc saved it
    if (!(VENUE_TABLES as readonly string[]).includes(table)) {
      throw new AdminError('adminConflict', `${name} is in a format this txc cannot read.`);
    }
    if (!Array.isArray(list) || list.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))) {
      throw damaged(name, `table ${table} in ${name}.rows.json.gz is not a list of rows`);
    }
  }
  return rows;
}
