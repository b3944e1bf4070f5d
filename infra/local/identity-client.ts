import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/** A client of the local identity emulator's JSON API (infra/local/identity.ts), as the admin CLI, `npm start` and the tests reach it. */
export function identityClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}
