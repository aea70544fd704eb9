/**
 * A main account confirms its sub-account's held withdrawal (`sub-account/withdraw/confirm`): the
 * request is checked again as a new one would be and, if it passes, debited and released as a
 * pending withdrawal. Refused, and left held, if it no longer passes (a balance spent meanwhile).
 */
export interface ConfirmHeldWithdrawal {
  readonly type: 'ConfirmHeldWithdrawal';
  /** The main account confirming. */
  readonly parent: string;
  readonly transactionId: string;
}

/**
 * Ends a held withdrawal its main account left unconfirmed past its retention: the server's timer
 * sends it, with the venue's time in its stamp, once it is due. Refused while not due, so a replay
 * decides it as it was decided.
 */
export interface ExpireHeldWithdrawal {
  readonly type: 'ExpireHeldWithdrawal';
  readonly transactionId: string;
}
