/** A sign-in message that is malformed or has a field that breaks CAIP-122; `field` names it. */
export class SiwxMessageError extends Error {
  override readonly name = 'SiwxMessageError';
  readonly field: string;

  constructor(field: string, reason: string) {
    super(reason);
    this.field = field;
  }
}
