/**
 * A deposit seen on a chain (or reported by a payment provider), as a watcher reports it. Amounts
 * are in the asset's minor units; the watcher reports only once the transaction has the network's
 * confirmations.
 */
export interface ObservedDeposit {
  readonly ticker: string;
  /** Network (crypto) or provider (fiat); null for the asset's default. */
  readonly network: string | null;
  /** The chain transaction id: deposits are idempotent on (network, txid). */
  readonly txid: string | null;
  readonly address: string | null;
  readonly memo: string | null;
  readonly amount: bigint;
  /** Whom to credit; when absent, the holder of `address` (and `memo`). */
  readonly user?: string;
}

export type DepositRefusal = 'bad-request' | 'not-found' | 'conflict';

export type DepositReport =
  | { readonly ok: true; readonly transactionId: string; readonly duplicate: boolean }
  | { readonly ok: false; readonly refusal: DepositRefusal; readonly detail: string };

/** Where watchers hand confirmed deposits: checks them against the asset and credits them once. */
export interface DepositSink {
  report(deposit: ObservedDeposit): Promise<DepositReport>;
}

/**
 * The port a chain integration implements: a node or indexer client that follows one chain
 * family, matches outputs against the venue's deposit addresses (the engine's `depositOwners`)
 * and reports each confirmed one to the sink. Reporting the same transaction again is harmless,
 * so a watcher may simply re-scan from a safe height after a restart. The admin API's deposit
 * credit is the first adapter: an operator (or a test) reporting what a chain showed.
 */
export interface ChainWatcher {
  readonly name: string;
  /** Starts following the chain; returns how to stop. */
  start(sink: DepositSink): () => Promise<void>;
}
