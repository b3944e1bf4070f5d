/**
 * What API Gateway answers itself on a deployed stage, before or instead of a function: HTTP APIs
 * cannot reshape these bodies, so they are not the envelope (docs/api.md §2, docs/limits.md).
 */
export const GATEWAY_ANSWERS = [
  {
    name: 'GatewayPayloadTooLarge',
    status: 413,
    message: 'Request Entity Too Large',
    when: 'The body is over 10 MB, the HTTP API payload quota (the local server answers the same).',
  },
  {
    name: 'GatewayThrottled',
    status: 429,
    message: 'Too Many Requests',
    when: 'The whole stage is over its throttle (100 requests/s, bursts of 200), whichever client sends; no Retry-After.',
  },
  { name: 'GatewayInternalError', status: 500, message: 'Internal Server Error', when: 'The function crashed or ran out of its 10 s.' },
  {
    name: 'GatewayIntegrationTimeout',
    status: 503,
    message: 'Service Unavailable',
    when: 'No answer from the function within the integration timeout (30 s).',
  },
] as const;

/** An answer of the gateway by name: the local server gives the same where it stands in for it (the body over 10 MB). */
export function gatewayAnswer(name: (typeof GATEWAY_ANSWERS)[number]['name']): { status: number; body: string } {
  const answer = GATEWAY_ANSWERS.find((a) => a.name === name)!;
  return { status: answer.status, body: JSON.stringify({ message: answer.message }) };
}
