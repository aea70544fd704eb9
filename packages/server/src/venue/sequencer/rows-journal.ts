import type { JournalRecord, SnapshotRecord } from '../../store/port.js';
import type { TableRows } from '../../store/table-copy.js';
import { JournalCorruptError, type JournalSource } from './load-state.js';

/** A column the store gave as a number, or as its text (PostgreSQL's bigint). */
function integer(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

function journalRecord(row: Record<string, unknown>): JournalRecord {
  const seq = integer(row.seq);
  const time = integer(row.time);
  if (seq === undefined || time === undefined || typeof row.command !== 'string') {
    throw new JournalCorruptError(`journal row ${JSON.stringify(row.seq)} is not a journal entry`);
  }
  return { seq, time, command: row.command };
}

function snapshotRecord(row: Record<string, unknown>): SnapshotRecord {
  const seq = integer(row.seq);
  const time = integer(row.time);
  if (seq === undefined || time === undefined || typeof row.state !== 'string' || typeof row.hash !== 'string') {
    throw new JournalCorruptError(`snapshot row ${JSON.stringify(row.seq)} is not a snapshot`);
  }
  return { seq, time, state: row.state, hash: row.hash };
}

/**
 * The journal and snapshots of a copy of a venue's tables, read as the store they came from reads
 * its own: so that the state they hold can be rebuilt, and checked, before they replace anything.
 */
export function rowsJournal(rows: TableRows): JournalSource {
  const journal = (rows.journal ?? []).map(journalRecord).sort((a, b) => a.seq - b.seq);
  const snapshots = (rows.snapshots ?? []).map(snapshotRecord);
  const latest = snapshots.reduce<SnapshotRecord | undefined>(
    (l, s) => (l === undefined || s.seq > l.seq ? s : l),
    undefined,
  );
  /** Index of the first entry after `seq`. */
  const after = (seq: number): number => {
    let lo = 0;
    let hi = journal.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (journal[mid]!.seq <= seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    latestSnapshot: () => Promise.resolve(latest),
    readJournal: (afterSeq, limit) => {
      const from = after(afterSeq);
      return Promise.resolve(journal.slice(from, from + limit));
    },
    lastSeq: () => Promise.resolve(journal.at(-1)?.seq ?? 0),
  };
}
