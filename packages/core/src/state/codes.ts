/**
 * Codes: a user turns part of their main balance into a code that another user applies to receive
 * it. The amount is held from creation until the code is applied; a code applies once.
 */
export interface Code {
  /** What the creator shares (`WB{uuid}{TICKER}`), chosen by the caller so that replay keeps it. */
  readonly code: string;
  /** The code's external identifier, shown with it everywhere. */
  readonly externalId: string;
  readonly creator: string;
  readonly ticker: string;
  /** Held from the creator's main balance while the code is open, in minor units. */
  readonly amount: bigint;
  /**
   * A digest of the passphrase the code was created with (made at the edge, salted with the code:
   * the engine and its journal never hold the passphrase), or null when there is none.
   */
  readonly passphraseDigest: string | null;
  /** Visible to the creator only. */
  readonly description: string | null;
  /** Microseconds since the Unix epoch. */
  readonly createdAt: number;
  /** Null while the code is open. */
  applied: CodeApplication | null;
}

export interface CodeApplication {
  readonly user: string;
  /** Microseconds since the Unix epoch. */
  readonly at: number;
}

/** One line of a user's code history: a code they created, or one they applied. */
export interface CodeHistoryRef {
  readonly code: string;
  readonly applied: boolean;
}

export interface CodesState {
  /** Every code ever created, by its text: an applied code stays, so that it is refused a second time. */
  readonly byCode: Map<string, Code>;
  /** Per user, the codes they created or applied, oldest first. */
  readonly history: Map<string, CodeHistoryRef[]>;
}

export function createCodesState(): CodesState {
  return { byCode: new Map(), history: new Map() };
}

/** The amounts open codes hold, per ticker: money that is no user's balance until a code is applied. */
export function codesHeld(codes: CodesState): Map<string, bigint> {
  const held = new Map<string, bigint>();
  for (const c of codes.byCode.values()) {
    if (c.applied === null) held.set(c.ticker, (held.get(c.ticker) ?? 0n) + c.amount);
  }
  return held;
}

export function noteCodeHistory(codes: CodesState, user: string, ref: CodeHistoryRef): void {
  const list = codes.history.get(user);
  if (list === undefined) codes.history.set(user, [ref]);
  else list.push(ref);
}
