import type { Stack } from '@aws-sdk/client-cloudformation';

/** The fixed "now" of the CloudFormation tests; stack times are given relative to it. */
export const NOW = new Date('2026-11-22T12:00:00.000Z');
const HOUR = 3_600_000;

/** A stack as DescribeStacks returns it, tagged as a sandbox unless `tags` says otherwise. */
export function describedStack(
  stage: string,
  options: {
    createdHoursAgo?: number;
    updatedHoursAgo?: number;
    status?: string;
    tags?: { Key: string; Value: string }[];
    apiUrl?: string;
    tableName?: string;
    name?: string;
  } = {},
): Stack {
  const name = options.name ?? `PaymentSandbox-${stage}`;
  return {
    StackName: name,
    StackId: `arn:aws:cloudformation:eu-west-1:123456789012:stack/${name}/${stage}-0000`,
    StackStatus: (options.status ?? 'CREATE_COMPLETE') as Stack['StackStatus'],
    CreationTime: new Date(NOW.getTime() - (options.createdHoursAgo ?? 1) * HOUR),
    LastUpdatedTime: options.updatedHoursAgo === undefined ? undefined : new Date(NOW.getTime() - options.updatedHoursAgo * HOUR),
    Tags: options.tags ?? [
      { Key: 'project', Value: 'payment-sandbox' },
      { Key: 'stage', Value: stage },
    ],
    Outputs: [
      { OutputKey: 'ApiUrl', OutputValue: options.apiUrl ?? `https://${stage}.execute-api.eu-west-1.amazonaws.com/api/v1` },
      { OutputKey: 'TableName', OutputValue: options.tableName ?? `${name}-Table-ABC` },
    ],
  };
}

/** An error as the SDK throws it: only `name` and `message` matter to the CLI. */
export function awsError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}
