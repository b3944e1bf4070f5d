import { listChannels } from '../lib/channels';
import { contracts } from '../lib/contracts';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';

export const handler = endpoint(contracts.listChannels, async ({ query }) => ok(listChannels(query)));
