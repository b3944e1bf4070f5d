import { IDENTITY_ENV, readEnv } from '../lib/config/env';
import { signUpContract } from '../lib/contracts/sign-up';
import { accepted } from '../lib/http/envelope';
import { publicEndpoint } from '../lib/http/public-endpoint';
import { signUp } from '../lib/identity/sign-up';
import { parseSignupPolicy } from '../lib/identity/signup-policy';
import { invitingPoolOf } from '../lib/identity/user-pool-admin';
import { realNow } from '../lib/clock';

// Read once per container; a stage without one is `closed` (the stack always sets it).
const policy = parseSignupPolicy(readEnv(IDENTITY_ENV.signupPolicy) ?? 'closed');
const pool = invitingPoolOf();

export const handler = publicEndpoint(signUpContract, async ({ body }) => accepted(await signUp(pool, policy, body, realNow())));
