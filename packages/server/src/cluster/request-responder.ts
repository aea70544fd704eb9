import type { FastifyInstance } from 'fastify';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { GATEWAY_MARK_HEADER, GATEWAY_RECEIVED_HEADER } from '../http/plugins/private-auth.js';
import { decodeRequest, encodeAnswer, endToEnd, httpSubject } from './http-over-nats.js';

/**
 * The leader's side of its gateways: every request they forward is answered by the venue's own
 * HTTP app, in process (no socket, no second parse of the connection), exactly as if the client had
 * called the leader. A request whose signature the gateway checked carries the process's mark, and
 * the signature is not checked again; everything else (key, nonce, permission, limits) is.
 */
export function answerGateways(
  nats: NatsConnection,
  cluster: string,
  app: FastifyInstance,
  gatewayMark: string,
  log: Logger,
): Subscription {
  return nats.subscribe(httpSubject(cluster), {
    callback: (error, msg) => {
      if (error !== null) return log.warn({ err: error }, 'gateway requests');
      const request = decodeRequest(msg);
      const headers = { ...request.headers };
      delete headers[GATEWAY_MARK_HEADER];
      delete headers[GATEWAY_RECEIVED_HEADER];
      if (request.verified) {
        headers[GATEWAY_MARK_HEADER] = gatewayMark;
        if (request.receivedAt !== undefined) headers[GATEWAY_RECEIVED_HEADER] = String(request.receivedAt);
      }
      app
        .inject({
          method: request.method as 'GET',
          url: request.url,
          headers,
          remoteAddress: request.ip,
          ...(request.body.length === 0 ? {} : { payload: Buffer.from(request.body) }),
        })
        .then((answer) => {
          const { headers: h, data } = encodeAnswer({
            status: answer.statusCode,
            headers: endToEnd(answer.headers),
            body: answer.rawPayload,
          });
          msg.respond(data, { headers: h });
        })
        .catch((e: unknown) => log.error({ err: e }, 'answering a gateway request failed'));
    },
  });
}
