import type { NatsConnection, Subscription } from '@nats-io/transport-node';

/**
 * Where the engine node running as `nodeId` answers that it is there. The id is hex-encoded: any
 * text may name a node, and a subject's tokens may not hold dots, spaces or wildcards.
 */
const nodeSubject = (cluster: string, nodeId: string): string =>
  `txc.${cluster}.nodes.${Buffer.from(nodeId, 'utf8').toString('hex')}`;

/** What a running engine node answers: where its HTTP port is. */
interface NodeAnswer {
  readonly url: string;
}

/** Answers, for as long as this node runs, that `nodeId` is taken (its URL). */
export function answerAsNode(nats: NatsConnection, cluster: string, nodeId: string, url: () => string): Subscription {
  return nats.subscribe(nodeSubject(cluster, nodeId), {
    callback: (error, msg) => {
      if (error === null) msg.respond(JSON.stringify({ url: url() } satisfies NodeAnswer));
    },
  });
}

/**
 * The URL of a running engine node of the cluster named `nodeId`, if one answers within `timeoutMs`.
 * Two nodes of one id cannot be told apart in the lease, on /health or in the logs. No answer (none
 * there, one that hangs, a subject the NATS user may not use) tells nothing: a node restarted after a
 * crash must not be kept out by the one it replaces.
 */
export function nodeRunningAs(
  nats: NatsConnection,
  cluster: string,
  nodeId: string,
  timeoutMs: number,
): Promise<string | undefined> {
  return nats.request(nodeSubject(cluster, nodeId), '', { timeout: timeoutMs }).then(
    (msg) => msg.json<NodeAnswer>().url,
    () => undefined,
  );
}
