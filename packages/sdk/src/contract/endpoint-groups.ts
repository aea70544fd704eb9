import type { Endpoint } from './endpoint.js';

/** The groups the documentation (OpenAPI tags, README, coverage table) sorts endpoints into. */
export const ENDPOINT_GROUPS = [
  'Public market data',
  'Spot trading',
  'Spot account',
  'Collateral trading',
  'Main account',
  'Deposits and withdrawals',
  'Mining pool',
  'Sub-accounts',
  'Streams',
  'Other',
] as const;

export type EndpointGroup = (typeof ENDPOINT_GROUPS)[number];

const DEPOSITS_AND_WITHDRAWALS = new Set(['address', 'create-new-address', 'withdraw', 'withdraw-pay', 'history']);

/**
 * An endpoint's group, read from its path, so that an endpoint added later lands in its group
 * without a table to keep.
 */
export function groupOf(endpoint: Pick<Endpoint, 'path'>): EndpointGroup {
  const path = endpoint.path.replace(/^\/api\/v\d+\//, '');
  if (path.startsWith('public/')) return 'Public market data';
  if (path.startsWith('order/collateral/') || path.startsWith('collateral-account/')) return 'Collateral trading';
  if (path.startsWith('order/') || path === 'orders' || path.startsWith('market/')) return 'Spot trading';
  if (path.startsWith('trade-account/')) return 'Spot account';
  if (path.startsWith('main-account/')) {
    return DEPOSITS_AND_WITHDRAWALS.has(path.slice('main-account/'.length))
      ? 'Deposits and withdrawals'
      : 'Main account';
  }
  if (path.startsWith('mining/')) return 'Mining pool';
  if (path.startsWith('sub-account/')) return 'Sub-accounts';
  if (path.startsWith('profile/')) return 'Streams';
  return 'Other';
}
