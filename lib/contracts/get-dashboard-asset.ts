import * as z from 'zod/mini';
import { ASSET_CACHE_CONTROL } from '../dashboard/assets';
import { contract } from '../http/contract';
import { meta } from '../meta';
import { getDashboardAssetRoute } from '../routes';

const Asset = meta(z.string(), { description: 'A script or style sheet of the dashboard, named after its content hash' });

export const getDashboardAssetContract = contract({
  route: getDashboardAssetRoute,
  tag: 'Dashboard',
  description:
    'One of the files the dashboard page names (`app-<hash>.js`, `app-<hash>.css`). They are named after their content, so ' +
    `they are served with \`Cache-Control: ${ASSET_CACHE_CONTROL}\`; any other name is 404.`,
  params: z.object({ asset: meta(z.string(), { description: 'The file name, as the page names it', examples: ['app-3XQ4ZK2B.js'] }) }),
  response: {
    status: 200,
    description: 'The file',
    schema: Asset,
    example: 'var e=…',
    mediaTypes: ['text/javascript', 'text/css'],
  },
  errors: ['NOT_FOUND'],
});
