import * as z from 'zod/mini';
import { catalog } from '../catalog';
import { PaymentMethod } from '../channels';
import { ListChannelsQuery } from '../list-channels';
import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { listChannelsRoute } from '../routes';

export const listChannelsContract = contract({
  route: listChannelsRoute,
  tag: 'Channels',
  description: 'The catalog of payment methods and channels, with their limits and fees.',
  query: ListChannelsQuery,
  response: {
    status: 200,
    description: 'The payment methods, each with its channels',
    schema: successEnvelope(z.array(PaymentMethod)),
    example: { success: true, data: catalog },
  },
});
