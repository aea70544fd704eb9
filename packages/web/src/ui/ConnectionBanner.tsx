import { isConnected, useConnection } from '../api/connection-state.js';

/**
 * Says, on every view, that the server cannot be reached: the figures on the page then stop moving
 * without anything else showing it. It goes once both the stream and HTTP requests reach the server.
 */
export function ConnectionBanner() {
  const connection = useConnection();
  if (isConnected(connection)) return null;
  return (
    <div className="connection-lost" role="alert" data-testid="connection-lost">
      <strong>Connection to the server lost.</strong> Reconnecting… Until then, what this page shows may be out of date.
    </div>
  );
}
