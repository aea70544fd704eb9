import { TxcError } from '@txc/sdk';

/**
 * Whether the admin API refused a sandbox feature as not enabled on this server (409: no
 * `--simulate`, or faults without `--demo`/`--allow-faults`): the panel then says so instead of
 * offering controls that would all be refused.
 */
export function isSandboxOff(error: unknown): error is TxcError {
  return error instanceof TxcError && error.status === 409;
}

/** The panel's note when its feature is off, with the API's own words. */
export function SandboxOff({ error, testId }: { error: TxcError; testId: string }) {
  return (
    <p className="muted" data-testid={testId}>
      HTTP {error.status}: {error.apiMessage}
    </p>
  );
}
