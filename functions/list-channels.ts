import { listChannels } from '../lib/list-channels';
import { listChannelsContract } from '../lib/contracts/list-channels';
import { readEndpoint } from '../lib/http/read-endpoint';
import { ok } from '../lib/http/envelope';

export const handler = readEndpoint(listChannelsContract, async ({ query }) => ok(listChannels(query)));
