import * as z from 'zod/mini';
import { PAGE_CACHE_CONTROL } from '../dashboard/assets';
import { contract } from '../http/contract';
import { meta } from '../meta';
import { getDashboardRoute } from '../routes';

const Page = meta(z.string(), { description: 'The dashboard page (HTML); it loads its script and style sheet from `/dashboard/{asset}`' });

export const getDashboardContract = contract({
  route: getDashboardRoute,
  tag: 'Dashboard',
  description:
    'A web page for people (docs/api.md §13). It holds no data and needs no key to load: it asks for a server key, ' +
    "keeps it in the tab's `sessionStorage` and calls this same API with it, so it can do exactly what the key's " +
    'scopes allow. Served with a strict `Content-Security-Policy` (its own script and style sheet only, requests to ' +
    `this origin only) and \`Cache-Control: ${PAGE_CACHE_CONTROL}\`.`,
  response: {
    status: 200,
    description: 'The page',
    schema: Page,
    example: '<!doctype html><html lang="en"><head><title>Payment Sandbox</title>…</head><body><div id="app"></div></body></html>',
    mediaTypes: ['text/html'],
  },
});
