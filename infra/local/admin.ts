/**
 * `npm run admin -- …` (docs/api.md §9): clients and keys, CI credentials (`ci-env`) and sandbox
 * stacks (`stacks list|prune`). Targets the running local sandbox by default, a deployed
 * stack with --stack NAME, or any DynamoDB endpoint with --endpoint URL --table NAME.
 */
import { pathToFileURL } from 'node:url';
import { runAdmin } from './admin-cli';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runAdmin(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then((code) => {
    process.exitCode = code;
  });
}
