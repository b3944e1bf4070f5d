import { createDocumentClient } from '../../lib/db/client';

// The cold-start floor: what every function that talks to DynamoDB pays at import — the
// document client over the raw client, built with the very options lib/db/client.ts uses.
const doc = createDocumentClient();

export const handler = async (): Promise<boolean> => doc !== undefined;
