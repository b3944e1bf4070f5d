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
    'A web page for people (docs/api.md §13). It holds no data and needs no credential to load. A person signs in ' +
    "with a user account of the stage's identity service (docs/api.md §14): the page signs up, confirms and signs in " +
    "there itself, never through this API, then calls this same API with the session's access token. The session " +
    "lives in the page's memory only, gone with the tab; the page never asks for or keeps a server key (one it has " +
    'just made is shown once). Served with a strict `Content-Security-Policy` (its own script and style sheet only, ' +
    `requests to this origin and the stage's identity service only) and \`Cache-Control: ${PAGE_CACHE_CONTROL}\`.`,
  response: {
    status: 200,
    description: 'The page',
    schema: Page,
    example: '<!doctype html><html lang="en"><head><title>Payment Sandbox</title>…</head><body><div id="app"></div></body></html>',
    mediaTypes: ['text/html'],
  },
});
