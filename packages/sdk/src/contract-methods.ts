import type { Endpoint } from './contract/endpoint.js';
import * as CONTRACTS from './contract/endpoints/contracts.js';
import type { EndpointInput, EndpointOutput, HttpClient } from './http-client.js';

type Contracts = typeof CONTRACTS;

/** A contract's method: no argument when the endpoint takes nothing, optional when every field is. */
type Method<E extends Endpoint> =
  unknown extends EndpointInput<E>
    ? () => Promise<EndpointOutput<E>>
    : object extends EndpointInput<E>
      ? (input?: EndpointInput<E>) => Promise<EndpointOutput<E>>
      : (input: EndpointInput<E>) => Promise<EndpointOutput<E>>;

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
      value(this: HttpClient, input?: Record<string, unknown>) {
        return this.call(endpoint, input);
      },
      writable: true,
      configurable: true,
    });
  }
}
