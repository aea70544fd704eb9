import type { TSchema } from 'typebox';

/** The key permission a private endpoint requires (reference §1.7, permission scopes). */
export type Permission = 'trading' | 'main-account' | 'withdraw' | 'mining';

export const PERMISSIONS: readonly Permission[] = ['trading', 'main-account', 'withdraw', 'mining'];

/**
 * A rate-limit bucket: requests sharing a group share the count, per client IP for public
 * endpoints and per API key for private ones.
 */
export interface RateLimitRule {
  readonly group: string;
  readonly limit: number;
  readonly windowMs: number;
}

export interface PublicEndpoint {
  readonly kind: 'public';
  readonly method: 'GET';
  /** Fastify-style path: `/api/v4/public/orderbook/:market`. */
  readonly path: string;
  readonly summary: string;
  /** The section of the specification or the reference (or the decision) the endpoint follows. */
  readonly follows?: string;
  readonly params?: TSchema;
  readonly query?: TSchema;
  readonly response: TSchema;
  readonly rateLimit: RateLimitRule;
}

export interface PrivateEndpoint {
  readonly kind: 'private';
  readonly method: 'POST';
  readonly path: string;
  readonly summary: string;
  /** The section of the specification or the reference (or the decision) the endpoint follows. */
  readonly follows?: string;
  readonly permission: Permission;
  /** Fields besides `request`, `nonce` and `nonceWindow`. */
  readonly request: TSchema;
  readonly response: TSchema;
  readonly successStatus: 200 | 201;
  readonly rateLimit: RateLimitRule;
}

export type Endpoint = PublicEndpoint | PrivateEndpoint;

export const TEN_SECONDS = 10_000;
