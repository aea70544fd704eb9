/** A code was created: `amount` left the creator's main balance and is held by the code. */
export interface CodeCreated {
  readonly type: 'CodeCreated';
  readonly user: string;
  readonly code: string;
  readonly externalId: string;
  readonly ticker: string;
  readonly amount: bigint;
  readonly time: number;
}

/** A code was applied: its held amount went to the applier's main balance. */
export interface CodeApplied {
  readonly type: 'CodeApplied';
  readonly user: string;
  readonly creator: string;
  readonly code: string;
  readonly externalId: string;
  readonly ticker: string;
  readonly amount: bigint;
  readonly time: number;
}
