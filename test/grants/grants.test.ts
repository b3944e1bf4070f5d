import type { CfnElement } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { cdkJsonContext } from '../../infra/app';
import { buildApp } from '../../infra/sandbox-app';
import { checkGrants, grantsInTemplate, recordedGrants, type DeclaredFunction } from '../../infra/grants';
import { declaredGrants, type DynamoAccess, type Grant } from '../../lib/db/access';
import { readRecordedCalls } from '../../lib/db/call-recorder';
import { functionList } from '../../lib/routes';
import { callsDir } from '../support/dynamodb-calls';
import { skipBuiltinValidation } from '../support/cdk';

skipBuiltinValidation();

// Run by `npm test` after every other suite (vitest.grants.config.ts): what the HTTP and
// integration suites recorded each function doing on DynamoDB, against what the synthesized
// template grants it and what lib/routes.ts declares for it.

let granted: Map<string, Set<Grant>>;
let recorded: Map<string, Set<Grant>>;
const functions: DeclaredFunction[] = functionList.map((f) => ({ name: f.id, dynamodb: f.dynamodb }));

beforeAll(() => {
  recorded = recordedGrants(readRecordedCalls(callsDir()));
  // Bundling is skipped: only the roles' policies matter here (test/infra/stack.test.ts bundles for real).
  const { app, stack } = buildApp({ stage: 'grants', context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  const template = app.synth().getStackByName(stack.stackName).template;
  const logicalId = (element: unknown) => stack.getLogicalId(element as CfnElement);
  const functionIds = new Map([...stack.functions].map(([name, fn]) => [name, logicalId(fn.function.node.defaultChild)]));
  granted = grantsInTemplate(template, functionIds, logicalId(stack.table.node.defaultChild));
}, 60_000);

describe('DynamoDB grants', () => {
  it('come from a recording of the whole run (npm test runs every suite first)', () => {
    // The route functions the HTTP suite calls, and both background ones.
    for (const name of ['createPayment', 'listTransactions', 'resetSandbox', 'sweep', 'dispatchEvents']) {
      expect(recorded.get(name)?.size ?? 0, `${name}'s recorded calls in ${callsDir()}`).toBeGreaterThan(0);
    }
  });

  it('give each function exactly what it declares, which is what the suites saw it use or what its because explains', () => {
    expect(checkGrants({ functions, granted, recorded })).toEqual([]);
  });

  // The template is made from the declarations (the test above holds it to them), so an action
  // taken out of a declaration is taken out of the function's grant too: what still fails is the
  // recording (a call no longer granted) or a because that explains an action no longer declared.
  it('fail, naming the function and the action, when any one declared action is taken away', () => {
    for (const [i, { name, dynamodb }] of functions.entries()) {
      const keys = [...dynamodb.actions, ...(dynamodb.stream ?? []), ...(dynamodb.indexes ?? []).map((index) => `index/${index}`)];
      for (const key of keys) {
        const without: DynamoAccess = {
          actions: dynamodb.actions.filter((a) => a !== key),
          stream: dynamodb.stream?.filter((a) => a !== key),
          indexes: dynamodb.indexes?.filter((index) => `index/${index}` !== key),
          because: dynamodb.because,
        };
        const kept = declaredGrants(without);
        const [removed] = [...declaredGrants(dynamodb)].filter((g) => !kept.has(g));
        const mutatedGranted = new Map(granted);
        mutatedGranted.set(name, new Set([...(granted.get(name) ?? [])].filter((g) => g !== removed)));
        const mutated = functions.map((f, j) => (j === i ? { name, dynamodb: without } : f));
        const problems = checkGrants({ functions: mutated, granted: mutatedGranted, recorded });
        const naming = problems.filter((p) => p.startsWith(`${name}: `) && (p.includes(`${removed} `) || p.includes(`explains ${key},`)));
        expect(naming, `${name} without ${key}: ${JSON.stringify(problems)}`).not.toEqual([]);
      }
    }
  });
});
