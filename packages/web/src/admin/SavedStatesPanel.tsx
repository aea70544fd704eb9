import { useState, type FormEvent } from 'react';
import type { AdminClient, SavedState } from '../api/admin-client.js';
import { ApiError } from '../ui/ApiError.js';
import { usePolling } from '../ui/use-polling.js';
import { useAction } from '../ui/use-action.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';
import { Confirm } from '../ui/Confirm.js';

/** Bytes in B, kB or MB with one decimal, from integers (a size, not money, but no float either way). */
function size(bytes: number): string {
  const [unit, scale] = bytes < 1024 ? ['B', 1] : bytes < 1024 * 1024 ? ['kB', 1024] : ['MB', 1024 * 1024];
  if (scale === 1) return `${bytes} B`;
  const tenths = Math.round((bytes * 10) / scale);
  return `${Math.floor(tenths / 10)}.${tenths % 10} ${unit}`;
}

type Done = { verb: 'Saved' | 'Loaded' | 'Deleted' | 'Reset to'; name: string; seq?: number };

/** What waits for the operator's confirmation: each replaces or removes what nothing brings back. */
type Pending = { kind: 'load' | 'reset' | 'delete'; name: string };

/** A load or reset replaces the whole venue and closes every WebSocket (the page reconnects); a delete is final. */
function question(pending: Pending) {
  switch (pending.kind) {
    case 'reset':
      return (
        <p>Reset the demo venue to its first state? Everything since is gone, and every client is disconnected.</p>
      );
    case 'load':
      return (
        <p>
          Load <strong>{pending.name}</strong>? Everything since is gone, and every client is disconnected.
        </p>
      );
    case 'delete':
      return (
        <p>
          Delete the saved state <strong>{pending.name}</strong>? It cannot be loaded again.
        </p>
      );
  }
}

/** Named copies of the venue: saved, loaded in place of it (after a confirmation), deleted; a demo venue reset. */
export function SavedStatesPanel({ admin, onLoaded }: { admin: AdminClient; onLoaded: () => void }) {
  const states = usePolling(() => admin.savedStates(), 10_000, [admin]);
  const [name, setName] = useState('');
  const [replace, setReplace] = useState(false);
  const [confirming, setConfirming] = useState<Pending | undefined>(undefined);
  const action = useAction<Done>(() => states.refresh());
  const run = (verb: Done['verb'], send: () => Promise<SavedState | { deleted: string }>) =>
    action.run(async () => {
      const answer = await send();
      if (verb === 'Loaded' || verb === 'Reset to') onLoaded();
      return 'seq' in answer ? { verb, name: answer.name, seq: answer.seq } : { verb, name: answer.deleted };
    });
  const save = (e: FormEvent) => {
    e.preventDefault();
    run('Saved', () => admin.saveState(name.trim(), replace));
  };
  const confirmed = (target: Pending) => {
    setConfirming(undefined);
    if (target.kind === 'reset') run('Reset to', () => admin.reset());
    else if (target.kind === 'load') run('Loaded', () => admin.loadState(target.name));
    else run('Deleted', () => admin.deleteState(target.name));
  };
  const list = states.data ?? [];
  return (
    <section className="panel wide" aria-labelledby="states-title" data-testid="saved-states">
      <div className="panel-head">
        <h2 id="states-title">Saved states</h2>
        <button
          type="button"
          data-testid="state-reset"
          onClick={() => setConfirming({ kind: 'reset', name: 'initial' })}
        >
          Reset demo venue
        </button>
      </div>
      <form className="form row" onSubmit={save}>
        <label>
          Name
          <input data-testid="state-save-name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="check">
          <input
            type="checkbox"
            data-testid="state-save-replace"
            checked={replace}
            onChange={(e) => setReplace(e.target.checked)}
          />
          Replace a state of that name
        </label>
        <button type="submit" data-testid="state-save-submit" disabled={action.busy}>
          Save the venue
        </button>
      </form>
      {confirming !== undefined && (
        <Confirm
          testId="state-confirm"
          confirmTestId={confirming.kind === 'delete' ? 'state-confirm-delete' : 'state-confirm-load'}
          confirmLabel={
            confirming.kind === 'reset'
              ? 'Reset'
              : confirming.kind === 'load'
                ? `Load ${confirming.name}`
                : `Delete ${confirming.name}`
          }
          onConfirm={() => confirmed(confirming)}
          onCancel={() => setConfirming(undefined)}
        >
          {question(confirming)}
        </Confirm>
      )}
      <ApiError error={states.error ?? action.error} />
      {action.result && (
        <p role="status" data-testid="state-done">
          {action.result.verb} {action.result.name}
          {action.result.seq !== undefined && ` (seq ${action.result.seq})`}.
        </p>
      )}
      <div className="scroll">
        <table data-testid="states">
          <ColumnHeaders labels={['Name', 'Seq', 'Hash', 'Saved', 'Size']} action="Actions" />
          <tbody>
            {list.map((s) => (
              <tr
                key={s.name}
                data-testid={`state-row-${s.name}`}
                data-seq={'seq' in s ? s.seq : undefined}
                data-hash={'hash' in s ? s.hash : undefined}
              >
                <td>{s.name}</td>
                {'seq' in s ? (
                  <>
                    <td className="num">{s.seq}</td>
                    <td>
                      <code title={s.hash}>{s.hash.slice(0, 12)}…</code>
                    </td>
                    <td>{new Date(s.savedAt).toLocaleString()}</td>
                    <td className="num">{size(s.bytes)}</td>
                  </>
                ) : (
                  <td colSpan={4} />
                )}
                <td className="actions">
                  {s.problem !== undefined && <span className="muted">{s.problem}</span>}
                  <button
                    type="button"
                    data-testid={`state-load-${s.name}`}
                    disabled={action.busy || s.problem !== undefined}
                    onClick={() => setConfirming({ kind: 'load', name: s.name })}
                  >
                    Load
                  </button>
                  <button
                    type="button"
                    data-testid={`state-delete-${s.name}`}
                    // reset needs it, and nothing could save it again
                    disabled={action.busy || s.name === 'initial'}
                    onClick={() => setConfirming({ kind: 'delete', name: s.name })}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {states.data !== undefined && list.length === 0 && <p className="muted">No state is saved.</p>}
    </section>
  );
}
