import { listChannels } from '../lib/list-channels';
import { listChannelsContract } from '../lib/contracts/list-channels';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';

export const handler = endpoint(listChannelsContract, async ({ query }) => ok(listChannels(query)));
