import type { AccountKind } from '@txc/core';
import { mainAccountTransfer } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import { transferAmount } from '../../../../validation/transfer-amount.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

const ACCOUNTS: readonly string[] = ['main', 'spot', 'collateral'];
/** The legacy `method` values (reference §7.7); a Map, so that `method: "constructor"` is no method. */
const METHODS: ReadonlyMap<string, { from: AccountKind; to: AccountKind }> = new Map([
  ['deposit', { from: 'main', to: 'spot' }],
  ['withdraw', { from: 'spot', to: 'main' }],
  ['collateral-deposit', { from: 'main', to: 'collateral' }],
  ['collateral-withdraw', { from: 'collateral', to: 'main' }],
]);

/**
 * Reference §7.7: moves funds between the caller's own accounts, by `from`/`to` or the legacy
 * `method`; instant and free; 201 `[]`. Request errors answer code 0, a short balance code 3.
 */
export const mainAccountTransferRoute = defineRoute(
  mainAccountTransfer,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(mainAccountTransfer.path, { config: { endpoint: mainAccountTransfer } }, async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const v = new MainValidation(body);
      const state = venue.state;

      const ticker = body.ticker;
      let precision: number | undefined;
      if (ticker === undefined || ticker === null || ticker === '') v.add('ticker', 'The ticker field is required.');
      else if (typeof ticker !== 'string') v.add('ticker', 'The ticker must be a string.');
      else {
        precision = state.assets.get(ticker)?.precision;
        if (precision === undefined) v.add('ticker', 'The selected ticker is invalid.');
      }

      const amount = transferAmount(v, body.amount, precision);

      let route: { from: AccountKind; to: AccountKind } | undefined;
      const { from, to, method } = body;
      const given = (field: string): boolean => !v.isMissing(field);
      if (given('from') || given('to')) {
        const fromOk = typeof from === 'string' && ACCOUNTS.includes(from);
        const toOk = typeof to === 'string' && ACCOUNTS.includes(to);
        if (!fromOk) v.add('from', given('from') ? 'The selected from is invalid.' : 'The from field is required.');
        if (!toOk) v.add('to', given('to') ? 'The selected to is invalid.' : 'The to field is required.');
        if (fromOk && toOk) {
          if (from === to) v.add('to', 'The to and from must be different.');
          else route = { from: from as AccountKind, to: to as AccountKind };
        }
        // a legacy method given too must name the same move: either could be the one the client meant
        if (given('method')) {
          const named = typeof method === 'string' ? METHODS.get(method) : undefined;
          if (named === undefined) v.add('method', 'The selected method is invalid.');
          else if (route !== undefined && (named.from !== route.from || named.to !== route.to)) {
            v.add('method', 'The method and from/to must name the same transfer.');
          }
        }
      } else if (v.isMissing('method')) {
        v.add('method', 'The method field is required.');
      } else {
        route = typeof method === 'string' ? METHODS.get(method) : undefined;
        if (route === undefined) v.add('method', 'The selected method is invalid.');
      }

      if (v.failed || amount === undefined || route === undefined || typeof ticker !== 'string') {
        return sendError(reply, 'mainValidation', { errors: v.errors });
      }
      const { result } = await venue.submit({
        type: 'Transfer',
        user: request.auth?.user ?? '',
        ticker,
        amount,
        from: route.from,
        to: route.to,
      });
      if (!result.ok) {
        if (result.rejection.reason === 'TRANSFER_INSUFFICIENT_FUNDS') {
          return sendError(reply, 'transferInsufficientFunds', { params: result.rejection.params ?? {} });
        }
        if (result.rejection.reason === 'SUB_ACCOUNT_NOT_PERMITTED')
          return sendError(reply, 'notPermittedForSubAccount');
        return sendError(reply, 'mainValidation', { errors: { amount: ['Invalid argument.'] } });
      }
      return reply.code(201).send([]);
    });
  },
);
