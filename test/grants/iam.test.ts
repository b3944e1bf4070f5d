import { beforeAll, describe, expect, it } from 'vitest';
import { readRecordedCalls } from '../../lib/db/call-recorder';
import { callsDir } from '../support/dynamodb-calls';
import {
  ANOTHER_CLIENT_PARTITION,
  decide,
  declaredFunctions,
  dynamoPolicies,
  evaluate,
  grantsTemplate,
  reaimed,
  type FunctionRequest,
} from '../support/iam-evaluation';

// Run by `npm test` after every other suite, beside the grant check: each function's synthesized
// identity policy evaluated, as IAM would, against the requests the suites recorded it making, and
// against each of them re-aimed (test/support/iam-evaluation.ts). It reads whatever was recorded, so
// it also runs on the recording of a few suites:
//   DYNAMODB_CALLS_DIR=/tmp/calls npx vitest run test/http/refunds.test.ts
//   DYNAMODB_CALLS_DIR=/tmp/calls npx vitest run -c vitest.grants.config.ts test/grants/iam.test.ts
// (grants.test.ts, beside it, needs the whole run: it also asks that every grant be used.)

let policies: Map<string, unknown>;
let recorded: FunctionRequest[];

beforeAll(() => {
  recorded = readRecordedCalls(callsDir()).flatMap((call) => (call.request ? [{ fn: call.fn, request: call.request }] : []));
  const { template, functionIds, tableId } = grantsTemplate();
  policies = dynamoPolicies(template, functionIds, tableId);
}, 60_000);

describe('the functions IAM policies, evaluated against the recorded requests', () => {
  it('have a recording to evaluate, with each request context', () => {
    expect(recorded.length, `requests recorded in ${callsDir()}`).toBeGreaterThan(0);
    expect(recorded.some((r) => (r.request.leadingKeys?.length ?? 0) > 0)).toBe(true);
  });

  it('allow every request the suites recorded, and deny each one on a client partition aimed where its declaration does not reach', async () => {
    expect(await evaluate(policies, declaredFunctions, recorded)).toEqual([]);
  }, 300_000);

  // Said here so nobody reads more into the check above: IAM keeps each function to client
  // partitions and the shared ones it names, and cannot keep one client out of another's. The
  // suites' cross-client tests (404 for another client's transaction, event, endpoint…) prove that.
  it("cannot tell one client's partition from another's: every recorded request on a client partition is allowed on any other", async () => {
    const onClients = recorded.filter((r) => r.request.resource === 'table' && r.request.leadingKeys?.[0]?.startsWith('C#'));
    expect(onClients.length).toBeGreaterThan(0);
    for (const { fn, request } of onClients) {
      expect((await decide(policies.get(fn), reaimed(request, ANOTHER_CLIENT_PARTITION))).result, `${fn} ${JSON.stringify(request)}`).toBe('Allowed');
    }
  }, 300_000);
});
