import type { Endpoint } from './contract/endpoint.js';
import * as CONTRACTS from './contract/endpoints/contracts.js';
import type { CallOptions, EndpointInput, EndpointOutput, HttpClient } from './http-client.js';

type Contracts = typeof CONTRACTS;

/**
 * A contract's method: no input when the endpoint takes nothing (`{}` where the call options follow),
 * optional when every field is; then, optionally, the call's options (its abort signal).
 */
type Method<E extends Endpoint> =
  unknown extends EndpointInput<E>
    ? (input?: Record<string, never>, options?: CallOptions) => Promise<EndpointOutput<E>>
    : object extends EndpointInput<E>
      ? (input?: EndpointInput<E>, options?: CallOptions) => Promise<EndpointOutput<E>>
      : (input: EndpointInput<E>, options?: CallOptions) => Promise<EndpointOutput<E>>;

/** One method per contract, named as the contract is exported (`orderNew`, `collateralSummary`, …). */
export type ContractMethods = { readonly [K in keyof Contracts]: Method<Contracts[K]> };

/**
 * Gives `prototype` a method per contract, unless the class declares its own under that name (a
 * convenience with positional arguments, kept for the callers written against it).
 */
export function installContractMethods(prototype: HttpClient): void {
  for (const [name, endpoint] of Object.entries(CONTRACTS) as [string, Endpoint][]) {
    if (name in prototype) continue;
    Object.defineProperty(prototype, name, {
      value(this: HttpClient, input?: Record<string, unknown>, options?: CallOptions) {
        return this.call(endpoint, input, options);
      },
      writable: true,
      configurable: true,
    });
  }
}
