import { resolveNetwork, type AssetSpec, type NetworkSpec } from '@txc/core';
import type { ErrorName, FieldErrors } from '@txc/sdk';
import type { FastifyReply } from 'fastify';
import { depositAddressResult, type AddressAnswer } from '../../../../../wallet/deposit-addresses.js';
import type { Venue } from '../../../../../venue/venue.js';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import { optionalString, requiredString } from '../../../../validation/wallet-fields.js';

/** The words of the two address endpoints differ (reference §7.2 and §7.3); the rules do not. */
export interface AddressEndpointWords {
  readonly fiat: ErrorName;
  readonly notDepositable: ErrorName;
  readonly unknownNetwork: string;
}

export type AddressRequest =
  | {
      readonly ok: true;
      readonly asset: AssetSpec;
      readonly network: NetworkSpec;
      readonly body: Record<string, unknown>;
    }
  | { readonly ok: false; readonly error: ErrorName; readonly errors?: FieldErrors };

/** Checks ticker and network of an address request, in the order the reference lists its refusals. */
export function parseAddressRequest(venue: Venue, raw: unknown, words: AddressEndpointWords): AddressRequest {
  const body = raw as Record<string, unknown>;
  const v = new MainValidation(body);
  const ticker = requiredString(v, body, 'ticker');
  const networkName = optionalString(v, body, 'network');
  if (v.failed) return { ok: false, error: 'mainValidation', errors: v.errors };
  const asset = venue.state.assets.get(ticker as string);
  if (asset === undefined) {
    return { ok: false, error: 'mainValidation', errors: { ticker: ['The selected ticker is invalid.'] } };
  }
  if (asset.kind === 'fiat') return { ok: false, error: words.fiat };
  if (!asset.canDeposit) return { ok: false, error: words.notDepositable };
  const network = resolveNetwork(asset, networkName ?? null);
  if (network === undefined) {
    const message = networkName === undefined ? 'Cannot extract default network' : words.unknownNetwork;
    return { ok: false, error: 'mainValidation', errors: { network: [message] } };
  }
  if (!network.canDeposit) return { ok: false, error: words.notDepositable };
  return { ok: true, asset, network, body };
}

export async function answerAddress(
  reply: FastifyReply,
  venue: Venue,
  request: { asset: AssetSpec; network: NetworkSpec },
  answer: AddressAnswer,
  status: 200 | 201,
): Promise<FastifyReply> {
  if (!answer.ok) return sendError(reply, answer.error);
  const body = depositAddressResult(request.asset, request.network, answer.address);
  await venue.barrier();
  return reply.code(status).send(body);
}
