import { PAYMENT_PAGE_PATH } from '../../lib/payments/payment-url';
import { describe, expect, it } from 'vitest';
import { matchRoute, routeList, routes, scopeOf, takesBearer, type RouteCredential, type RouteId } from '../../lib/routes';
import { isScope } from '../../lib/scopes';

describe('matchRoute', () => {
  it('finds a route by method and full path', () => {
    expect(matchRoute('GET', '/api/v1/payment/channels').match?.route).toBe(routes.listChannels);
  });

  it('lists the allowed methods of a known path requested with another method', () => {
    const { match, allowed } = matchRoute('PUT', '/api/v1/payment/channels');
    expect(match).toBeUndefined();
    expect(allowed).toEqual(['GET']);
  });

  it('tells GET from DELETE on the same path, and lists both as allowed', () => {
    const path = '/api/v1/webhook/endpoints/whe_01ARZ3NDEKTSV4RRFFQ69G5FAV';
    expect(matchRoute('DELETE', path).match).toEqual({ route: routes.deleteWebhookEndpoint, pathParameters: { id: 'whe_01ARZ3NDEKTSV4RRFFQ69G5FAV' } });
    expect(matchRoute('get', path).match?.route).toBe(routes.getWebhookEndpoint);
    expect(matchRoute('PUT', path)).toEqual({ match: undefined, allowed: ['GET', 'DELETE', 'PATCH'] });
    expect(matchRoute('PATCH', path).match?.route).toBe(routes.updateWebhookEndpoint);
  });

  it('matches /openapi.json literally: the dot is not a wildcard', () => {
    expect(matchRoute('GET', '/api/v1/openapi.json').match?.route).toBe(routes.getOpenApiDocument);
    expect(matchRoute('GET', '/api/v1/openapiXjson')).toEqual({ match: undefined, allowed: [] });
  });

  it('knows nothing outside the versioned base path', () => {
    expect(matchRoute('GET', '/payment/channels')).toEqual({ match: undefined, allowed: [] });
    expect(matchRoute('GET', '/api/v1/payment/channels/')).toEqual({ match: undefined, allowed: [] });
  });
});

describe('what each route declares it is (docs/decisions/0240)', () => {
  it('gives the routes that share a handler the same face and credential: they are one function, with one chain', () => {
    for (const route of routeList) {
      const sharing = routeList.filter((other) => other.handler === route.handler);
      for (const other of sharing)
        expect({ face: other.face, credential: other.credential }, `${route.id} and ${other.id}`).toEqual({ face: route.face, credential: route.credential });
    }
  });

  it('admits a session only on the account routes, and a key with a scope on every other route of the API that has a client', () => {
    const byKind = (kind: RouteCredential['kind']) => routeList.filter((r) => r.credential.kind === kind).map((r) => r.id);
    expect(byKind('session')).toEqual(['getAccount', 'listAccountKeys', 'createAccountKey', 'rollAccountKey', 'revokeAccountKey']);
    expect(byKind('none')).toEqual(['signUp', 'getDashboard', 'getDashboardAsset', 'getOpenApiDocument']);
    expect(byKind('pathToken')).toEqual(['getPaymentPage', 'submitPaymentPage']);
    for (const id of byKind('key')) expect(isScope(scopeOf(routes[id as RouteId].credential) ?? ''), id).toBe(true);
  });

  it('serves the dashboard as a page: the identity service is the one origin it talks to besides its own, and it posts no form', () => {
    expect(routes.getDashboard.face).toMatchObject({ kind: 'page', connects: 'identity', formAction: 'none' });
    expect(routeList.filter((r) => r.face.kind === 'page').map((r) => r.id)).toEqual([
      'getDashboard',
      'getDashboardAsset',
      'getPaymentPage',
      'submitPaymentPage',
    ]);
  });

  it('serves the payment page by its token: it talks to no other origin, posts its forms to itself and answers errors as pages', () => {
    for (const route of [routes.getPaymentPage, routes.submitPaymentPage]) {
      expect(route.face, route.id).toEqual({ kind: 'page', formAction: 'self', errors: 'page' });
      expect(route.credential, route.id).toEqual({ kind: 'pathToken', param: 'token' });
      expect(route.path, route.id).toBe(PAYMENT_PAGE_PATH);
    }
  });

  it("lets only the channel catalog skip its client's clock, and declares its admission as the key's hash record alone, with no BatchGetItem", () => {
    expect(routeList.filter((r) => r.clientClock === false).map((r) => r.id)).toEqual(['listChannels']);
    for (const route of routeList.filter((r) => takesBearer(r.credential))) {
      // Admission reads the key with the client's item in one BatchGetItem, unless the route reads no clock.
      const keyHashes = route.dynamodb.sharedPartitions?.keyHashes?.actions ?? [];
      expect(keyHashes.includes('BatchGetItem'), route.id).toBe(route.clientClock !== false);
      expect(route.dynamodb.actions.includes('BatchGetItem'), route.id).toBe(route.clientClock !== false);
    }
  });

  it('names a path parameter of its own route as a path token, and a route that admits a Bearer credential uses the table', () => {
    for (const route of routeList) {
      const { credential } = route;
      if (credential.kind === 'pathToken') expect(route.path, route.id).toContain(`{${credential.param}}`);
      if (takesBearer(credential)) expect(route.table, route.id).not.toBe('none');
    }
  });
});
