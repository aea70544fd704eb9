import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Asks before an action that cannot be undone: the action runs only from its button here, Cancel (or
 * Escape) drops it. `children` say what will happen (and may hold a field the action takes, such as a
 * reason). The focus moves to the action's button as the dialog opens, and back to what had it (the
 * button that asked) as it closes, so that a keyboard user is not left at the top of the page.
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
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement;
    first.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return (
    <div
      className="confirm"
      role="alertdialog"
      aria-labelledby={textId}
      data-testid={testId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <div id={textId}>{children}</div>
      <div className="actions">
        <button type="button" className="danger" data-testid={confirmTestId} onClick={onConfirm} ref={first}>
          {confirmLabel}
        </button>
        <button type="button" data-testid={`${testId}-cancel`} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
