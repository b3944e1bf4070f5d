import { describe, expect, it } from 'vitest';
import { dependencies, dependencyCycles } from '../support/template-graph';

/** The dependency check test/infra/stack.test.ts runs on the synthesized template, on templates small enough to read. */

describe('the dependencies of a template', () => {
  it('follow Ref, Fn::GetAtt, the ids an Fn::Sub string names and DependsOn, and nothing that is not a resource', () => {
    const graph = dependencies({
      Api: { Properties: { Name: 'api' } },
      Fn: {
        Properties: { Environment: { Variables: { URL: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Api', 'ApiEndpoint'] }, '/api/v1']] } } }, Role: { Ref: 'Role' } },
      },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: CloudFormation's own ${…} in an Fn::Sub string
      Role: { Properties: { Policy: { 'Fn::Sub': ['arn:${AWS::Partition}:x:${Table.Arn}/${Stage}', { Stage: { Ref: 'AWS::StackName' } }] } } },
      Table: { DependsOn: 'Role' },
    });

    expect(graph.get('Fn')).toEqual(new Set(['Api', 'Role']));
    expect(graph.get('Role')).toEqual(new Set(['Table']));
    expect(graph.get('Table')).toEqual(new Set(['Role']));
    expect(graph.get('Api')).toEqual(new Set());
  });

  it('finds a cycle: a function that names the API whose route names the function through the API itself', () => {
    expect(
      dependencyCycles({
        Api: { Properties: { Target: { Ref: 'Fn' } } },
        Fn: { Properties: { Url: { 'Fn::GetAtt': ['Api', 'ApiEndpoint'] } } },
      }),
    ).toEqual(['Api → Fn → Api']);
  });

  it('finds none when the function names the API and only a route names the function', () => {
    expect(
      dependencyCycles({
        Api: { Properties: {} },
        Fn: { Properties: { Url: { 'Fn::GetAtt': ['Api', 'ApiEndpoint'] } } },
        Integration: { Properties: { ApiId: { Ref: 'Api' }, Uri: { 'Fn::GetAtt': ['Fn', 'Arn'] } } },
        Route: { Properties: { ApiId: { Ref: 'Api' }, Target: { 'Fn::Join': ['/', ['integrations', { Ref: 'Integration' }]] } } },
      }),
    ).toEqual([]);
  });
});
