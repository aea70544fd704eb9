import { AdminError } from './admin-input.js';
import type { Venue } from '../venue/venue.js';

export const REDACTED = '[redacted]';

/** Field names whose values are never written to the audit log, at any depth. */
const SECRET_FIELD = /secret|token|password|passphrase|mnemonic|private|xprv|master|authorization|signature/i;

/** A request line keeps at most this much of its body; an admin body worth auditing is far smaller. */
const MAX_BODY_CHARS = 8192;
const MAX_TEXT_CHARS = 512;

/** A copy of a JSON value with every secret-looking field's value replaced. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) ? REDACTED : redact(v);
  return out;
}

/** The body as the audit log keeps it: redacted JSON, cut (and marked so) past a bound. */
export function auditBody(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(redact(value));
  return text.length <= MAX_BODY_CHARS ? text : `${text.slice(0, MAX_BODY_CHARS)}…(cut)`;
}

/** Free text from the caller (a declared actor, a path), bounded and free of control characters. */
export function auditText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length <= MAX_TEXT_CHARS ? clean : `${clean.slice(0, MAX_TEXT_CHARS)}…`;
}

/**
 * The request target as the audit log keeps it: the path, with any query string replaced, as the
 * server's log does. No admin change takes its input from the query, and a client that put a token
 * there must not find it in a table that is never pruned.
 */
export function auditTarget(url: string): string {
  return auditText(withoutQuery(url));
}

/** A request target with its query string, which may carry a token, replaced. */
export function withoutQuery(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?${REDACTED}`;
}

export interface AuditView {
  readonly id: number;
  readonly requestId: string;
  readonly stage: string;
  /** Milliseconds since the Unix epoch, and the same instant in ISO 8601. */
  readonly time: number;
  readonly at: string;
  readonly actor: string;
  readonly ip: string | null;
  readonly action: string;
  readonly target: string;
  /** The redacted body (parsed when it is whole JSON). */
  readonly body: unknown;
  readonly status: number | null;
}

export interface AuditPage {
  readonly entries: AuditView[];
  /** Pass as `after` for the next page; null on the last one. */
  readonly next: number | null;
}

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

function integer(raw: unknown, field: string, min: number, max: number): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^[0-9]{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new AdminError('adminBadRequest', `${field} must be an integer from ${min} to ${max}.`);
  }
  return n;
}

function parsed(body: string | null): unknown {
  if (body === null) return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Audit lines after `after` (an id), oldest first, `limit` of them (default 100, at most 1000). */
export async function readAuditLog(venue: Venue, input: unknown): Promise<AuditPage> {
  const query = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const after = integer(query.after, 'after', 0, Number.MAX_SAFE_INTEGER) ?? 0;
  const limit = integer(query.limit, 'limit', 1, MAX_LIMIT) ?? DEFAULT_LIMIT;
  // Lines of requests answered a moment ago may still be in the open commit: show them too.
  const rows = await venue.readDurable((store) =>
    store.db.selectFrom('admin_audit').selectAll().where('id', '>', after).orderBy('id').limit(limit).execute(),
  );
  const entries = rows.map((r) => ({
    id: Number(r.id),
    requestId: r.request_id,
    stage: r.stage,
    time: Number(r.time),
    at: new Date(Number(r.time)).toISOString(),
    actor: r.actor,
    ip: r.ip,
    action: r.action,
    target: r.target,
    body: parsed(r.body),
    status: r.status === null ? null : Number(r.status),
  }));
  return { entries, next: entries.length === limit ? (entries.at(-1)?.id ?? null) : null };
}
