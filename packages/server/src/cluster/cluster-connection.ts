import { connect, type NatsConnection } from '@nats-io/transport-node';

/**
 * The connection of a node or gateway to its cluster's NATS server. It reconnects for as long as
 * the process runs, and its subscriptions come back with it: a NATS restart is a pause, not an end.
 */
export function connectCluster(url: string, name: string): Promise<NatsConnection> {
  return connect({
    servers: url,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: true,
    // an error object (and its stack) made up front for every request, in case it times out, is a
    // measurable share of a gateway's CPU per order; a failed request to the leader is handled where
    // it is made, without the trace
    noAsyncTraces: true,
  });
}
