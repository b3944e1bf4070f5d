/** Configuration, read once at load time; a missing value fails fast instead of falling back silently. */

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`Environment variable ${name} is required`);
  }
  return value;
}

export const config = {
  /** The single DynamoDB table. */
  tableName: required('TABLE_NAME'),
  /** Only set locally (DynamoDB Local); deployed functions use the regional endpoint. */
  dynamoEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
} as const;
