import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPoolOperation } from 'aws-cdk-lib/aws-cognito';
import { beforeAll, describe, expect, it } from 'vitest';
import { cdkJsonContext, InvalidContextError } from '../../infra/app';
import { buildApp } from '../../infra/sandbox-app';
import type { PaymentSandboxStack } from '../../infra/stack';
import { STACK_OUTPUTS } from '../../infra/stage';
import { IDENTITY_ENV } from '../../lib/config/env';
import { CLIENT_NAME_ATTRIBUTE, CLIENT_NAME_LIMITS, poolSettings } from '../../lib/identity/pool-settings';
import { backgroundFunctions, fallbackFunction, routeList, routes, takesBearer } from '../../lib/routes';
import { skipBuiltinValidation } from '../support/cdk';

skipBuiltinValidation();

// The stage's identity service as the template has it (docs/api.md §14): the user pool, the
// dashboard's app client, what the functions are told of them, and the sign-up policy's context.
// Bundling is skipped: only resources and their properties matter here.

type Json = Record<string, any>;

/** A synthesis runs the validation plugins; the first one in a worker also starts their engine. */
const SYNTH_TIMEOUT = 60_000;
const context = (extra: Record<string, unknown> = {}) => ({ ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...extra });

function synthesize(extra: Record<string, unknown>) {
  const { stack } = buildApp({ stage: 'spec', context: context(extra) });
  const template = Template.fromStack(stack);
  const resources = template.toJSON().Resources as Record<string, Json>;
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  return { stack, template, resources, ofType };
}

const synths = new Map<string, ReturnType<typeof synthesize>>();

/** The stack synthesized with this extra context: once per distinct context in this file (the tests only read it). */
function synth(extra: Record<string, unknown> = {}) {
  const key = JSON.stringify(extra);
  let s = synths.get(key);
  if (!s) synths.set(key, (s = synthesize(extra)));
  return s;
}

/**
 * A template value as CloudFormation would resolve it in eu-west-1, with every Ref of a resource
 * written `<logical id>` and the pool's ProviderURL as Cognito gives it.
 */
function render(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as Json;
  if (v.Ref === 'AWS::Region') return 'eu-west-1';
  if (v.Ref === 'AWS::URLSuffix') return 'amazonaws.com';
  if (typeof v.Ref === 'string') return `<${v.Ref}>`;
  if (v['Fn::GetAtt']?.[1] === 'ProviderURL') return `cognito-idp.eu-west-1.amazonaws.com/<${v['Fn::GetAtt'][0]}>`;
  if (v['Fn::Join']) return (v['Fn::Join'][1] as unknown[]).map(render).join(v['Fn::Join'][0]);
  throw new Error(`cannot render ${JSON.stringify(value)}`);
}

const logicalIdOf = (stack: PaymentSandboxStack, fn: { function: { node: { defaultChild?: unknown } } }) =>
  stack.getLogicalId(fn.function.node.defaultChild as CfnElement);

describe('the user pool and its app client', () => {
  let s: ReturnType<typeof synth>;
  let pool: Json;
  let poolId: string;
  let client: Json;
  let clientId: string;
  beforeAll(() => {
    s = synth();
    const pools = s.ofType('AWS::Cognito::UserPool');
    const clients = s.ofType('AWS::Cognito::UserPoolClient');
    expect(pools).toHaveLength(1);
    expect(clients).toHaveLength(1);
    [poolId, pool] = pools[0]!;
    [clientId, client] = clients[0]!;
  }, SYNTH_TIMEOUT);

  it('signs people in by e-mail address, case-insensitively, resetting a password with a code sent by e-mail', () => {
    expect(pool.Properties).toMatchObject({
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
    expect(pool.Properties.VerificationMessageTemplate.EmailMessage).toContain('{####}');
  });

  it('refuses SignUp on every stage: people are invited by e-mail with a temporary password, which they replace at their first sign-in', () => {
    expect(pool.Properties.AdminCreateUserConfig).toMatchObject({
      AllowAdminCreateUserOnly: true,
      InviteMessageTemplate: { EmailSubject: 'Your Payment Sandbox temporary password' },
    });
    expect(pool.Properties.AdminCreateUserConfig.InviteMessageTemplate.EmailMessage).toMatch(/\{username\}.*\{####\}/);
    expect(pool.Properties.Policies.PasswordPolicy.TemporaryPasswordValidityDays).toBe(poolSettings.temporaryPasswordDays);
  });

  it('keeps the e-mail address a person had until a new one is proven, and lets the app client write neither it nor the client name', () => {
    expect(pool.Properties.UserAttributeUpdateSettings).toEqual({ AttributesRequireVerificationBeforeUpdate: ['email'] });
    expect(client.Properties.WriteAttributes).toEqual([...poolSettings.writableAttributes]);
    expect(client.Properties.WriteAttributes).not.toContain('email');
    expect(client.Properties.WriteAttributes).not.toContain(CLIENT_NAME_ATTRIBUTE);
  });

  it(`asks for passwords of at least ${poolSettings.password.minLength} characters, as lib/identity/pool-settings.ts says`, () => {
    expect(pool.Properties.Policies.PasswordPolicy).toEqual({
      MinimumLength: poolSettings.password.minLength,
      RequireLowercase: poolSettings.password.requireLowercase,
      RequireUppercase: poolSettings.password.requireUppercase,
      RequireNumbers: poolSettings.password.requireDigits,
      RequireSymbols: poolSettings.password.requireSymbols,
      TemporaryPasswordValidityDays: poolSettings.temporaryPasswordDays,
    });
    expect(poolSettings.password.minLength).toBeGreaterThanOrEqual(12);
  });

  it(`declares ${CLIENT_NAME_ATTRIBUTE}, the name of the client a person's sign-up creates, within the client name's limits`, () => {
    expect(pool.Properties.Schema).toContainEqual({
      Name: CLIENT_NAME_ATTRIBUTE.replace('custom:', ''),
      AttributeDataType: 'String',
      Mutable: false,
      StringAttributeConstraints: { MinLength: String(CLIENT_NAME_LIMITS.minLength), MaxLength: String(CLIENT_NAME_LIMITS.maxLength) },
    });
    expect(pool.Properties.Schema).toContainEqual({ Name: 'email', Required: true, Mutable: true });
  });

  it('is thrown away with the stage: generated name, no deletion protection, deleted on delete and replace', () => {
    expect(pool.Properties.UserPoolName).toBeUndefined();
    expect(client.Properties.ClientName).toBeUndefined();
    expect(pool.Properties.DeletionProtection).toBe('INACTIVE');
    expect(pool).toMatchObject({ DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
  });

  it('is on the Lite feature plan, without MFA, tagged with the stage', () => {
    expect(pool.Properties).toMatchObject({ UserPoolTier: 'LITE', MfaConfiguration: 'OFF', UserPoolTags: { project: 'payment-sandbox', stage: 'spec' } });
  });

  it("has one app client, the page's: no secret, no OAuth, password sign-in and refresh only, no user existence errors, revocable tokens", () => {
    expect(client.Properties).toMatchObject({
      UserPoolId: { Ref: poolId },
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      SupportedIdentityProviders: ['COGNITO'],
    });
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
    expect(client.Properties.AllowedOAuthFlows).toBeUndefined();
    expect(client.Properties.CallbackURLs).toBeUndefined();
  });

  it('issues access and ID tokens for 15 minutes and refresh tokens for 30 days, as the settings say', () => {
    const minutes = (value: number, unit: string) => value * ({ minutes: 1, hours: 60, days: 24 * 60 } as Record<string, number>)[unit]!;
    const { AccessTokenValidity, IdTokenValidity, RefreshTokenValidity, TokenValidityUnits: units } = client.Properties;
    expect(minutes(AccessTokenValidity, units.AccessToken)).toBe(poolSettings.accessTokenMinutes);
    expect(minutes(IdTokenValidity, units.IdToken)).toBe(poolSettings.idTokenMinutes);
    expect(minutes(RefreshTokenValidity, units.RefreshToken)).toBe(poolSettings.refreshTokenDays * 24 * 60);
    // §14 amended in v1.3: an ended session is refused by every route within 15 minutes.
    expect(poolSettings.accessTokenMinutes).toBeLessThanOrEqual(15);
  });

  it('outputs the pool and client ids, which the admin CLI reads through findSandboxStack', () => {
    const outputs = s.template.toJSON().Outputs as Json;
    expect(outputs[STACK_OUTPUTS.userPoolId].Value).toEqual({ Ref: poolId });
    expect(outputs[STACK_OUTPUTS.userPoolClientId].Value).toEqual({ Ref: clientId });
  });

  it('tells every function that admits callers the pool, the app client, the issuer and the identity endpoint, and no other function', () => {
    const admitting = routeList.filter((r) => takesBearer(r.credential));
    expect(admitting.length).toBeGreaterThan(0);
    for (const route of admitting) {
      const env = s.resources[logicalIdOf(s.stack, s.stack.routeFunctions.get(route.id)!)]!.Properties.Environment.Variables;
      expect(render(env[IDENTITY_ENV.userPoolId]), route.id).toBe(`<${poolId}>`);
      expect(render(env[IDENTITY_ENV.clientId]), route.id).toBe(`<${clientId}>`);
      expect(render(env[IDENTITY_ENV.issuer]), route.id).toBe(`https://cognito-idp.eu-west-1.amazonaws.com/<${poolId}>`);
      expect(render(env[IDENTITY_ENV.endpoint]), route.id).toBe('https://cognito-idp.eu-west-1.amazonaws.com/');
    }
    const others = [
      ...routeList.filter((r) => !takesBearer(r.credential) && !r.userPool).map((r) => s.stack.routeFunctions.get(r.id)!),
      s.stack.functions.get(fallbackFunction.id)!,
      s.stack.functions.get(backgroundFunctions.dispatchEvents.id)!,
      s.stack.functions.get(backgroundFunctions.sweep.id)!,
    ];
    for (const fn of others) {
      const env = s.resources[logicalIdOf(s.stack, fn)]!.Properties.Environment.Variables;
      expect(env[IDENTITY_ENV.userPoolId], fn.node.path).toBeUndefined();
      expect(env[IDENTITY_ENV.issuer], fn.node.path).toBeUndefined();
    }
  });

  it("tells the dashboard's function where the page signs people in (the region's identity endpoint) and as which app client", () => {
    const env = s.resources[logicalIdOf(s.stack, s.stack.routeFunctions.get(routes.getDashboard.id)!)]!.Properties.Environment.Variables;
    expect(render(env[IDENTITY_ENV.endpoint])).toBe('https://cognito-idp.eu-west-1.amazonaws.com/');
    expect(render(env[IDENTITY_ENV.clientId])).toBe(`<${clientId}>`);
    expect(env[IDENTITY_ENV.userPoolId]).toBeUndefined();
  });
});

describe('-c signup', () => {
  const signUpFunction = (extra: Record<string, unknown>) => {
    const { stack, resources } = synth(extra);
    const fn = resources[logicalIdOf(stack, stack.routeFunctions.get(routes.signUp.id)!)]!;
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: Json) => x.Ref === roleId))
      .flatMap((r) => r.Properties.PolicyDocument.Statement as Json[]);
    return { env: fn.Properties.Environment.Variables as Json, statements };
  };

  it(
    "is the sign-up function's to apply, closed by default: it is told the policy, the pool and the identity endpoint",
    () => {
      expect(signUpFunction({}).env[IDENTITY_ENV.signupPolicy]).toBe('closed');
      expect(signUpFunction({ signup: 'domain:acme.com' }).env[IDENTITY_ENV.signupPolicy]).toBe('domain:acme.com');
      const { env } = signUpFunction({ signup: 'open' });
      expect(env[IDENTITY_ENV.signupPolicy]).toBe('open');
      expect(render(env[IDENTITY_ENV.endpoint])).toBe('https://cognito-idp.eu-west-1.amazonaws.com/');
      expect(env[IDENTITY_ENV.userPoolId]).toBeDefined();
      expect(env.TABLE_NAME).toBeUndefined();
    },
    SYNTH_TIMEOUT,
  );

  it(
    "grants the sign-up function exactly the user pool actions its route declares, on this stage's pool only",
    () => {
      const { statements } = signUpFunction({});
      const cognito = statements.filter((st) => JSON.stringify(st.Action).includes('cognito-idp:'));
      expect(cognito).toHaveLength(1);
      expect([cognito[0]!.Action].flat().sort()).toEqual(routes.signUp.userPool.map((a) => `cognito-idp:${a}`).sort());
      expect(cognito[0]!.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/UserPool/), 'Arn'] });
    },
    SYNTH_TIMEOUT,
  );

  it.each(['anyone', 'domain:', 'domain:acme', 'OPEN', ''])('refuses -c signup=%j before anything is built, saying what a policy looks like', (value) => {
    expect(() => buildApp({ context: context({ signup: value }) })).toThrow(InvalidContextError);
    expect(() => buildApp({ context: context({ signup: value }) })).toThrow(
      `Invalid sign-up policy '${value}': expected open, closed or domain:example.com[,other.org], e.g. -c signup=domain:example.com`,
    );
  });
});

describe("the user pool's triggers", () => {
  // The stack's own two triggers (lib/routes.ts, backgroundFunctions): how it wires a declared function.
  const postAuthentication = backgroundFunctions.identityPostAuthentication;
  const postConfirmation = backgroundFunctions.identityPostConfirmation;

  function withTriggers(signup: string) {
    const { app, stack } = buildApp({ stage: 'spec', context: context({ signup }) });
    const fns = new Map<UserPoolOperation, string>([
      [UserPoolOperation.POST_AUTHENTICATION, logicalIdOf(stack, stack.functions.get(postAuthentication.id)!)],
      [UserPoolOperation.POST_CONFIRMATION, logicalIdOf(stack, stack.functions.get(postConfirmation.id)!)],
    ]);
    const synth = () => app.synth().getStackByName(stack.stackName).template as Json;
    return { stack, fns, synth };
  }

  let t: ReturnType<typeof withTriggers>;
  let template: Json;
  let poolId: string;
  beforeAll(() => {
    t = withTriggers('domain:acme.com');
    template = t.synth();
    poolId = Object.entries(template.Resources as Record<string, Json>).find(([, r]) => r.Type === 'AWS::Cognito::UserPool')![0];
  }, SYNTH_TIMEOUT);

  it('refuses SignUp under any policy: the sign-up route invites the addresses the policy lets in', () => {
    expect(template.Resources[poolId].Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
  });

  it('names each trigger function in the pool, and lets Cognito invoke it from this pool only', () => {
    const pool = template.Resources[poolId];
    expect(pool.Properties.LambdaConfig).toEqual({
      PostAuthentication: { 'Fn::GetAtt': [t.fns.get(UserPoolOperation.POST_AUTHENTICATION), 'Arn'] },
      PostConfirmation: { 'Fn::GetAtt': [t.fns.get(UserPoolOperation.POST_CONFIRMATION), 'Arn'] },
    });
    const permissions = Object.values(template.Resources as Record<string, Json>).filter(
      (r) => r.Type === 'AWS::Lambda::Permission' && r.Properties.Principal === 'cognito-idp.amazonaws.com',
    );
    expect(permissions.map((p) => p.Properties.FunctionName['Fn::GetAtt'][0]).sort()).toEqual([...t.fns.values()].sort());
    for (const p of permissions) expect(p.Properties).toMatchObject({ Action: 'lambda:InvokeFunction', SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] } });
  });

  it('gives each trigger the table and its declared actions, and no sign-up policy', () => {
    for (const fnId of t.fns.values()) {
      const env = template.Resources[fnId].Properties.Environment.Variables;
      expect(env.TABLE_NAME).toBeDefined();
      expect(env[IDENTITY_ENV.signupPolicy]).toBeUndefined();
    }
  });

  it("never tells a trigger its pool: neither its function nor its role's policies refer to the pool, so the two cannot depend on each other", () => {
    const resources = template.Resources as Record<string, Json>;
    for (const fnId of t.fns.values()) {
      const fn = resources[fnId]!;
      const roleId = fn.Properties.Role['Fn::GetAtt'][0];
      const policies = Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: Json) => x.Ref === roleId));
      for (const part of [fn, resources[roleId], ...policies]) expect(JSON.stringify(part)).not.toContain(poolId);
    }
  });
});
