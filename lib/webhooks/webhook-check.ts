import * as z from 'zod/mini';
import { webhookCheckExample } from '../objects/examples';
import { meta } from '../meta';
import { idOf, timestamp } from '../objects/fields';
import { cursor, limit } from '../objects/list-queries';
import { expectations, probeNames } from './receiver-check';

/** The check of a webhook receiver (docs/api.md §17): its schemas, as answered and as listed. */

const ProbeResult = meta(
  z.strictObject({
    probe: meta(z.enum(probeNames), { description: 'Which probe (docs/webhooks.md says what each sends and how to pass it)' }),
    expected: meta(z.enum(expectations), { description: 'The answer that passes it' }),
    response_status: meta(z.nullable(z.int()), { description: "The receiver's HTTP status; null when it did not answer" }),
    response_time_ms: meta(z.nullable(z.int()), { description: 'Milliseconds until the answer (or the failure); null when nothing was sent' }),
    error: meta(z.nullable(z.string()), { description: 'Why no answer came (a timeout, a refused connection, a URL the policy refuses); null when one came' }),
    passed: z.boolean(),
  }),
  { description: 'How one probe went' },
);

export const WebhookCheck = meta(
  z.strictObject({
    id: idOf('webhookCheck'),
    endpoint_id: idOf('webhookEndpoint'),
    url: meta(z.string(), { description: "The URL the probes were sent to (the endpoint's at the time)" }),
    passed: meta(z.boolean(), { description: 'True when every probe passed' }),
    created_at: timestamp(),
    results: meta(z.array(ProbeResult), { description: "One result per probe, in the order of the contract's table" }),
  }),
  { description: "A check of a webhook receiver: nine probes and the receiver's answers", examples: [webhookCheckExample] },
);
export type WebhookCheck = Readonly<z.infer<typeof WebhookCheck>>;

export const ListWebhookChecksQuery = z.strictObject({ limit, cursor });
export type ListWebhookChecksInput = z.output<typeof ListWebhookChecksQuery>;
