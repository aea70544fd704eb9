import type { Rejection, TradingAccount } from '@txc/core';
import type { FastifyReply } from 'fastify';
import { tradingRejection, type CatalogueAnswer } from '../../order-entry/trading-rejection.js';
import { sendError } from '../send-error.js';

/** Answers a catalogue refusal with its status and body. */
export function sendAnswer(reply: FastifyReply, answer: CatalogueAnswer): FastifyReply {
  return sendError(reply, answer.name, answer.errors === undefined ? {} : { errors: answer.errors });
}

/**
 * An engine refusal of a trading command, in the reference's code, field and message; a collateral
 * order's answers the same refusals with the HTTP status of its endpoint (reference §6.1).
 */
export function sendTradingRejection(
  reply: FastifyReply,
  r: Rejection,
  account: TradingAccount = 'spot',
): FastifyReply {
  return sendAnswer(reply, tradingRejection(r, account));
}
