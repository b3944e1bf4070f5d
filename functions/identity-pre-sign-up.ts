import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { CLIENT_NAME_ATTRIBUTE, CLIENT_NAME_LIMITS, IDENTITY_ENV } from '../lib/identity/pool-settings';
import { allowsSignup, formatSignupPolicy, parseSignupPolicy } from '../lib/identity/signup-policy';
import { logger } from '../lib/logger';

/**
 * The user pool's pre-sign-up trigger (docs/api.md §14 "Who may sign up"): the identity service
 * asks it before it creates a person who signs up themselves, and a throw refuses the sign-up —
 * the caller sees `UserLambdaValidationException` with this message. Under `closed` nobody signs up
 * themselves; under `domain:…` only those e-mail domains. A person an operator adds
 * (`admin users add`, AdminCreateUser) is always let through. Also refuses a sign-up without the
 * client name a new client account is created with. Reads the policy at each invocation, from
 * SIGNUP_POLICY (the stack sets it; `npm start` runs `open`); without it, `closed`.
 */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource === 'PreSignUp_AdminCreateUser') return event;
  const policy = parseSignupPolicy(process.env[IDENTITY_ENV.signupPolicy] ?? 'closed');
  const email = event.request.userAttributes.email ?? '';
  if (!allowsSignup(policy, email)) {
    logger.info('identity: a sign-up refused by the policy', { policy: formatSignupPolicy(policy) });
    throw new Error(
      policy.kind === 'domain'
        ? `Sign-up on this stage is open to e-mail addresses at ${policy.domains.join(', ')} only`
        : 'Sign-up on this stage is closed: ask an operator to add you (admin users add)',
    );
  }
  const name = (event.request.userAttributes[CLIENT_NAME_ATTRIBUTE] ?? '').trim();
  if (name.length < CLIENT_NAME_LIMITS.minLength || name.length > CLIENT_NAME_LIMITS.maxLength) {
    throw new Error(
      `A client name of ${CLIENT_NAME_LIMITS.minLength} to ${CLIENT_NAME_LIMITS.maxLength} characters is required (attribute ${CLIENT_NAME_ATTRIBUTE})`,
    );
  }
  return event;
}
