/**
 * `npm run build:dashboard -- --out DIR`: builds the dashboard into DIR (dashboard/build.ts) and
 * prints each file's size. The stack runs it to put the page inside the dashboard function's bundle.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDashboard } from '../dashboard/build';

const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
if (!values.out) {
  console.error('Usage: npm run build:dashboard -- --out DIR');
  process.exit(2);
}
const files = await buildDashboard(resolve(values.out));
for (const f of files) console.log(`${f.name}\t${f.bytes} B\t${f.gzipBytes} B gzipped`);
