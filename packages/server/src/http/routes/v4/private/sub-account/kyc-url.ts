import { subAccountKycUrl } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { mainCaller } from './caller.js';
import { kycLink } from './kyc-link.js';
import { ownSubAccount, subAccountIdField } from './sub-account-fields.js';

/**
 * `sub-account/kyc-url`: a verification link for one of the caller's sub-accounts, checked in the
 * docs' order: the id is the caller's (400 `validation.exists`), the sub-account is not blocked, and
 * it does not share its main account's KYC. A txc sub-account is activated when it is created, so
 * "Account is not confirmed" never applies. The link is the operator's (`subAccounts.kycUrl`);
 * without one the endpoint answers 404, as the exchange does where the feature is not enabled.
 */
export const subAccountKycUrlRoute = defineRoute(subAccountKycUrl, (app: FastifyInstance, deps: RouteDeps) => {
  const { venue, subAccounts } = deps;
  app.post(subAccountKycUrl.path, { config: { endpoint: subAccountKycUrl } }, async (request, reply) => {
    const parent = mainCaller(venue.state, request, reply);
    if (parent === undefined) return reply;
    if (subAccounts.kycUrl === undefined) return sendError(reply, 'subAccountKycNotEnabled');
    const v = new MainValidation(request.body as Record<string, unknown>);
    const id = subAccountIdField(v);
    if (v.failed || id === undefined) return sendError(reply, 'mainValidation', { errors: v.errors });
    await venue.barrier();
    const state = venue.state;
    const sub = ownSubAccount(state, parent, id);
    if (sub === undefined) return sendError(reply, 'idNotExists');
    if (sub.status !== 'active') return sendError(reply, 'subAccountNotActive');
    if (sub.shareKyc) return sendError(reply, 'subAccountSharedKyc');
    const userId = String(state.users.get(sub.id)?.id ?? '');
    const link = kycLink(subAccounts, { id: sub.id, userId }, venue.clock.nowMs());
    if (link === undefined) return sendError(reply, 'subAccountKycNotEnabled');
    return reply.send(link);
  });
});
