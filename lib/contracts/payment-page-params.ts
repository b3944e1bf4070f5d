import * as z from 'zod/mini';
import { meta } from '../meta';

/**
 * The path of the payment page's routes: its token, the page's only credential (decision 0246). Any
 * other text is the page's 404. A module of its own, so each route's function holds its own route's
 * declaration only.
 */
export const PaymentPageParams = z.object({
  token: meta(z.string(), {
    description: 'The token of `payment_url`: 64 base64url characters',
    examples: ['AZdL0mC1xKQ8w7bS2pWrV3AZdL0mC1xKQ8w7bS2pWrV3nP4qT5uY6iO7aS8dF9gH'],
  }),
});
