import type { State } from './state.js';

/**
 * Versions of the engine's rules. The journal holds commands, and replaying it must decide each one
 * as it was decided when it was journaled: a change to how a command ends (a refusal, or what an
 * order does in some case) applies from the version that brought it, which a venue adopts by
 * journaling `AdoptRules` (the server does when it starts). Commands journaled before keep the rules
 * they were applied with, so older journals replay to the states they reached.
 */
export const RULES = {
  /** The rules of the first journals. */
  first: 1,
  /**
   * A leverage change locked by perpetual positions or orders (113); a parent cancelled by its
   * owner's self-trade prevention takes its OTO legs; a leg that cannot be funded leaves its sibling
   * waiting; a liquidation that could do nothing is passed over.
   */
  lockedLeverage: 2,
  /**
   * An OTO leg its owner cancelled stays cancelled (the parent's later fills arm no new one in its
   * place).
   */
  finalLegCancel: 3,
  /** An OTO leg armed by a fill is set off by the trades of later commands only. */
  legsArmAfterCommand: 3,
  /**
   * A loan left without its position is margined and liquidated: the check visits every account
   * owing the pool, and a liquidation that closes every position settles the account's debts.
   */
  debtsLiquidated: 3,
  /**
   * A perpetual's liquidation takes the book no further than the insurance fund can pay for, and
   * closes the rest against the opposite positions at its bankruptcy price (auto-deleveraging).
   */
  autoDeleveraging: 3,
  /**
   * A sub-account's withdrawal waits for its main account's confirmation (state/held-withdrawals.ts)
   * instead of leaving its balance at once.
   */
  heldSubAccountWithdrawals: 4,
  /**
   * A collateral order finishing on a market where its owner holds no position makes the account's
   * available balances repay the loan owed there (trading/finish.ts, collateral/idle-loans.ts).
   */
  idleLoansRepaid: 5,
  /**
   * A deleted sub-account is credited no deposit and no mining reward, and a sub-account that owes
   * the lending pool is not deleted: nobody could reach what it held or owed.
   */
  deletedSubAccountsClosed: 5,
  /**
   * An OTO leg set off leaves its sibling covering what it did not close (the book ran out) and what
   * the parent filled during its run; only with nothing left to cover is the sibling cancelled
   * (trading/oto.ts).
   */
  siblingOutlivesShortLeg: 6,
  /**
   * The stock behind a long position on a margin pair stays in the collateral account: a transfer
   * takes out only what is beyond it (collateral/transfers.ts).
   */
  positionStockStays: 6,
  /**
   * A spot limit buy that rests after trading as it arrived holds what its remainder needs at its
   * own price: what it saved taking better prices (or paying a lower fee than the larger one held)
   * goes back at once, not when it ends (trading/matching.ts).
   */
  restingBuyHoldTrimmed: 7,
} as const;

/** The rules this engine applies to new commands. */
export const CURRENT_RULES: number = RULES.restingBuyHoldTrimmed;

/** Whether the state's rules include those of `version`. */
export function follows(state: State, version: number): boolean {
  return state.rules >= version;
}
