import { LatchError } from '@latch/kernel';

/** A sign-in message that is malformed or has a field that breaks CAIP-122 (a `LatchError`, category `VALIDATION_ERROR`); `field` names it. */
export class SiwxMessageError extends LatchError {
  override readonly name: string = 'SiwxMessageError';
  readonly field: string;

  constructor(field: string, reason: string) {
    super(reason, { category: 'VALIDATION_ERROR' });
    this.field = field;
  }
}
