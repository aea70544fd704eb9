import { connect, type NatsConnection } from '@nats-io/transport-node';

/**
 * The connection of a node or gateway to its cluster's NATS server. It reconnects for as long as
 * the process runs, and its subscriptions come back with it: a NATS restart is a pause, not an end.
 */
export function connectCluster(url: string, name: string): Promise<NatsConnection> {
  return connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 250, waitOnFirstConnect: true });
}
