import { DomainError } from '../errors';

/**
 * An advance of the sandbox clock ran out of time before it had applied everything due
 * (lib/sandbox/clock-advance.ts): what it applied stays applied, the clock has not moved, and nothing more
 * is lost by sending it again at once.
 */
export class AdvanceUnfinishedError extends DomainError {
  constructor(readonly applied: number) {
    super(`The advance applied ${applied} of the changes that fall due but ran out of time before moving the clock; send it again to go on`);
  }
}
