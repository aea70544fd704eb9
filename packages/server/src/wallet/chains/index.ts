import type { NetworkSpec } from '@txc/core';
import { bitcoinFamily } from './bitcoin.js';
import type { ChainFamily } from './chain-family.js';
import { ethereumFamily } from './ethereum.js';
import { terraFamily } from './terra.js';
import { tronFamily } from './tron.js';
import { xrpFamily } from './xrp.js';

/** Every chain family a network may name in the venue file. */
export const CHAIN_FAMILIES: ReadonlyMap<string, ChainFamily> = new Map(
  [bitcoinFamily, ethereumFamily, tronFamily, xrpFamily, terraFamily].map((f) => [f.name, f]),
);

/** The chain family a network runs on; undefined for a fiat provider's network (no chain). */
export function chainFamilyOf(network: NetworkSpec | undefined): ChainFamily | undefined {
  const chain = network?.chain ?? null;
  return chain === null ? undefined : CHAIN_FAMILIES.get(chain);
}
