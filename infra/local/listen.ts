/**
 * `npm run --silent listen -- --forward-to URL --key sk_… [--stack NAME | --base-url URL] [--events a,b] [--since evt_…]`
 * (docs/api.md §11): forwards the client's events, signed like webhooks, to a URL on this machine;
 * `--check --forward-to URL --secret whsec_…` checks the receiver there instead (docs/api.md §17).
 */
import { pathToFileURL } from 'node:url';
import { runListen } from './listen-cli';
import { outliveOutputReaders, stopRequested } from './stop-requests';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Ctrl-C, SIGTERM, or the end of npm (even by SIGKILL) stops it: no listener outlives its command.
  outliveOutputReaders();
  const stop = new AbortController();
  void stopRequested().then(() => stop.abort());
  runListen(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, signal: stop.signal }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`listen failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
