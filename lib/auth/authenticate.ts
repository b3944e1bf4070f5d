import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Db } from '../db/db';
import { ForbiddenError, UnauthorizedError } from '../http/errors';
import { header } from '../http/request';
import type { Scope } from '../scopes';
import { hashApiKey, parseBearer } from './api-key';
import { findPrincipal } from './key-repository';
import type { Principal } from './principal';

/**
 * Authenticates the request's Bearer key (401) and checks the route's scope (403).
 * No cache: a revoked key is refused on its very next request.
 */
export async function authenticate(db: Db, event: APIGatewayProxyEventV2, scope: Scope): Promise<Principal> {
  const key = parseBearer(header(event, 'authorization'));
  if (key === undefined) throw new UnauthorizedError();
  const principal = await findPrincipal(db, hashApiKey(key));
  if (!principal) throw new UnauthorizedError();
  if (!principal.scopes.includes(scope)) throw new ForbiddenError();
  return principal;
}
