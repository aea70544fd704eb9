/** A CLI command that cannot do what was asked, for a reason the operator can act on (no stack trace). */
export class OperatorError extends Error {
  override readonly name = 'OperatorError';
}
