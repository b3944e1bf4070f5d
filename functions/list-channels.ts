import { listChannels, ListChannelsQuery } from '../lib/channels';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { routes } from '../lib/routes';

export const handler = endpoint(routes.listChannels, { query: ListChannelsQuery }, async ({ query }) =>
  ok(listChannels(query)),
);
