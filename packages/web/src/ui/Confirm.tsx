import type { ReactNode } from 'react';

/**
 * Asks before an action that cannot be undone: the action runs only from its button here, Cancel
 * drops it. `children` say what will happen (and may hold a field the action takes, such as a reason).
 */
export function Confirm({
  testId,
  confirmTestId,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
}: {
  testId: string;
  confirmTestId: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const textId = `${testId}-text`;
  return (
    <div className="confirm" role="alertdialog" aria-labelledby={textId} data-testid={testId}>
      <div id={textId}>{children}</div>
      <div className="actions">
        <button type="button" className="danger" data-testid={confirmTestId} onClick={onConfirm} autoFocus>
          {confirmLabel}
        </button>
        <button type="button" data-testid={`${testId}-cancel`} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
