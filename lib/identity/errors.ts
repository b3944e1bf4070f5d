import { DomainError } from '../errors';

/**
 * The stage's sign-up policy does not let this address sign up (docs/api.md §14 "Who may sign
 * up"): `closed`, or an e-mail domain `domain:…` does not name. lib/http maps it to 403 FORBIDDEN
 * with its message, which says who may sign up there.
 */
export class SignUpRefusedError extends DomainError {}
