import { describe, expect, it } from 'vitest';
import { matchRoute, routes } from '../../lib/routes';

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
    expect(matchRoute('PATCH', path)).toEqual({ match: undefined, allowed: ['GET', 'DELETE'] });
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
