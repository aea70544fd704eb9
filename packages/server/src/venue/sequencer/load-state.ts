import {
  apply,
  createState,
  CURRENT_RULES,
  decodeJson,
  decodeState,
  type Command,
  type CommandResults,
  type Event,
  type State,
} from '@txc/core';
import type { JournalRecord, SnapshotRecord, Store } from '../../store/port.js';
import { hashText } from './state-hash.js';

const PAGE = 10_000;

export class JournalCorruptError extends Error {
  override readonly name = 'JournalCorruptError';
}

/** The store was written under engine rules newer than this txc's: only that version or a later one can load it. */
export class NewerRulesError extends Error {
  override readonly name = 'NewerRulesError';
}

function newerRules(version: number): NewerRulesError {
  return new NewerRulesError(
    `the store was written by a newer txc (engine rules ${version}; this one applies ${CURRENT_RULES}): run that version or a later one`,
  );
}

export interface LoadedState {
  readonly state: State;
  readonly fromSnapshotSeq: number;
  readonly replayed: number;
  /** The journal entry the state ends with, when it was applied here (not when the snapshot ends there). */
  readonly lastEntry?: JournalRecord;
}

/**
 * Start-up and recovery: the latest snapshot (verified against its hash), then every journal entry
 * after it, applied exactly as the sequencer applied it the first time.
 */
export interface LoadOptions {
  /** Start from genesis even when a snapshot exists. */
  readonly ignoreSnapshots?: boolean;
  /** Start from this snapshot rather than the latest (one read earlier, which a later save may have replaced). */
  readonly snapshot?: SnapshotRecord;
  /** Stop at this seq: a prefix of a journal that may still grow (a server writing it meanwhile). */
  readonly untilSeq?: number;
  /** Called after each replayed entry, with the state as it stands then (verification only). */
  readonly onApplied?: (state: State) => void;
  /** Called after each page of the journal: entries replayed so far, and how many there are to replay. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** What a load reads: a store, or a copy of its tables (a saved state checked before it is loaded). */
export type JournalSource = Pick<Store, 'latestSnapshot' | 'readJournal' | 'lastSeq'>;

export async function loadState(store: JournalSource, options: LoadOptions = {}): Promise<LoadedState> {
  const snapshot = options.ignoreSnapshots === true ? undefined : (options.snapshot ?? (await store.latestSnapshot()));
  let state: State;
  if (snapshot === undefined) {
    state = createState();
  } else {
    if (hashText(snapshot.state) !== snapshot.hash)
      throw new JournalCorruptError(`snapshot ${snapshot.seq} does not match its hash`);
    state = decodeState(snapshot.state);
    if (state.rules > CURRENT_RULES) throw newerRules(state.rules);
  }
  const fromSnapshotSeq = state.seq;
  const until = options.untilSeq ?? Number.POSITIVE_INFINITY;
  const total = options.onProgress === undefined ? 0 : Math.min(until, await store.lastSeq()) - fromSnapshotSeq;
  let replayed = 0;
  let lastEntry: JournalRecord | undefined;
  let next = store.readJournal(state.seq, PAGE);
  for (;;) {
    const page = await next;
    if (page.length === 0 || state.seq >= until) break;
    // Read the next page while this one is applied: a network store's round trip then costs nothing.
    next = store.readJournal(page[page.length - 1]!.seq, PAGE);
    next.catch(() => undefined);
    for (const entry of page) {
      if (entry.seq > until) break;
      applyJournalEntry(state, entry);
      lastEntry = entry;
      replayed++;
      options.onApplied?.(state);
    }
    options.onProgress?.(replayed, Math.max(total, replayed));
  }
  return { state, fromSnapshotSeq, replayed, ...(lastEntry === undefined ? {} : { lastEntry }) };
}

/** A journal entry as applied again: the command, and the events and result it had the first time. */
export interface ReappliedEntry {
  readonly command: Command;
  readonly events: readonly Event[];
  readonly result: CommandResults[Command['type']];
}

/** The command a journal entry records: one whose text was damaged is named, not thrown as a parse error. */
function decodedCommand(entry: JournalRecord): Command {
  try {
    return decodeJson(entry.command) as Command;
  } catch (e) {
    throw new JournalCorruptError(`journal entry ${entry.seq} cannot be decoded (${(e as Error).message})`);
  }
}

/** Applies the journal entry that follows `state`, exactly as the sequencer applied it the first time. */
export function applyJournalEntry(state: State, entry: JournalRecord): ReappliedEntry {
  if (entry.seq !== state.seq + 1)
    throw new JournalCorruptError(`journal gap: expected ${state.seq + 1}, found ${entry.seq}`);
  const command = decodedCommand(entry);
  const outcome = apply(state, command, { seq: entry.seq, time: entry.time });
  if (outcome.result.ok) return { command, events: outcome.events, result: outcome.result.value };
  if (command.type === 'AdoptRules' && outcome.result.rejection.reason === 'RULES_UNKNOWN')
    throw newerRules(command.version);
  throw new JournalCorruptError(
    `journal entry ${entry.seq} was refused on replay (${outcome.result.rejection.reason})`,
  );
}
