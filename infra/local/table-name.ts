/**
 * The local table's name; deployed stacks use a generated one. A module of its own, so that the unit
 * suites' setup (test/support/unit-environment.ts) need not load infra/local/sandbox.ts and the whole sandbox with it.
 */
export const LOCAL_TABLE_NAME = 'payment-sandbox';
