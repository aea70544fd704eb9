import { useConnection } from '../api/connection-state.js';

/**
 * Says, on every view, what of the server the page cannot reach: the figures on the page then stop
 * moving without anything else showing it. The server itself (no HTTP request answered) is an alert;
 * its stream alone, with HTTP answering, is a status: most panels go on polling, and saying "lost"
 * would send someone looking for an outage where a proxy may simply not pass WebSockets.
 * `streamed`: whether the view shows what the public stream pushes (the operator's does not).
 */
export function ConnectionBanner({ streamed }: { streamed: boolean }) {
  const connection = useConnection();
  const streamAlone = streamed && connection.httpUp && !connection.streamUp && connection.streamAlone;
  return (
    <>
      {!connection.httpUp && (
        <div className="connection-lost" role="alert" data-testid="connection-lost">
          <strong>The server cannot be reached.</strong> Reconnecting… Until then, what this page shows may be out of
          date.
        </div>
      )}
      {/* a status region is heard when its content changes, not when it comes with it: it is always there */}
      <div className="connection-status" role="status">
        {streamAlone && (
          <div className="live-updates-unavailable" data-testid="live-updates-unavailable">
            <strong>Live updates unavailable.</strong> The server answers, but its stream is not connected: the order
            book, recent trades and the current candle, which it pushes, are not kept up to date, while the other panels
            are read again every few seconds. Retrying… If this lasts, something between this page and the server may
            not pass WebSocket connections.
          </div>
        )}
      </div>
    </>
  );
}
