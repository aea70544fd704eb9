import { TxcError, TxcStreamError } from '@txc/sdk';
import { isNoAnswer } from '../api/no-answer.js';
import { statusPhrase } from './http-status.js';

/**
 * An error as the API answered it: HTTP status, the API's code, its message and every field's
 * messages, so that a bot developer sees exactly what their own client would receive. A change that
 * got no answer may have been made all the same (the answer, not the request, may be what was lost):
 * `unanswered` says so, and where to look before trying again.
 */
export function ApiError({ error, unanswered }: { error: unknown; unanswered?: string }) {
  if (error === undefined || error === null) return null;
  // not JSON (an HTML page from a proxy, or nothing): its markup would say nothing useful
  if (error instanceof TxcError && (typeof error.body === 'string' || error.body === null)) {
    return (
      <div className="error" role="alert" data-testid="api-error">
        <strong>HTTP {error.status}</strong>: <span data-testid="api-error-message">{statusPhrase(error.status)}</span>
      </div>
    );
  }
  if (error instanceof TxcError) {
    const fields = Object.entries(error.errors);
    return (
      <div className="error" role="alert" data-testid="api-error">
        <strong>
          HTTP {error.status}
          {error.code !== undefined && (
            <>
              {' '}
              · code <span data-testid="api-error-code">{error.code}</span>
            </>
          )}
        </strong>
        : <span data-testid="api-error-message">{error.apiMessage}</span>
        {fields.length > 0 && (
          <ul>
            {fields.map(([field, messages]) => (
              <li key={field} data-testid={`api-error-field-${field}`}>
                <code>{field}</code>: {messages.join(' ')}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  if (error instanceof TxcStreamError) {
    return (
      <div className="error" role="alert" data-testid="api-error">
        <strong>
          WebSocket · code <span data-testid="api-error-code">{error.code}</span>
        </strong>
        : <span data-testid="api-error-message">{error.message}</span>
      </div>
    );
  }
  return (
    <div className="error" role="alert" data-testid="api-error">
      <span data-testid="api-error-message">
        {error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error)}
        {isNoAnswer(error) && unanswered !== undefined && ` ${unanswered}`}
      </span>
    </div>
  );
}
