/** What the payment page's forms post as `action` (docs/api.md §16): pay or fail (every method but card), a card, a challenge's answer. */
export const pageActions = ['pay', 'fail', 'card', '3ds-complete', '3ds-fail'] as const;
export type PageAction = (typeof pageActions)[number];
