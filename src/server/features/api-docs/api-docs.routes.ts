import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { z } from 'zod';
import { apiDocument, documented } from '../../http/api-docs';
import type { AppEnv } from '../../http/session';

const TAGS = ['API'];

/** The reference page's files, from the swagger-ui-dist package (bundled with the app, no outside network). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
    // Features start folded: the list of 26 fits a phone, and Swagger UI draws only the first
    // feature when every operation of this document starts open (seen in Chromium 156).
    docExpansion: 'none',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caucus API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="reference" aria-label="Caucus API reference"><noscript>The reference needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/initializer.js"></script>
</body>
</html>
`;

/**
 * /api/openapi.json, generated once from the app's own routes (issue 17), and /api/docs, the
 * reference page drawn from it by Swagger UI served from node_modules (decision 031).
 */
export function apiDocsRoutes(deps: { app: () => Hono<AppEnv>; baseUrl: string }) {
  const app = new Hono<AppEnv>();
  let document: Promise<string> | null = null;
  const assetsFolder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets = new Map<string, Promise<Buffer>>();

  app.get(
    '/openapi.json',
    documented({ access: 'public', summary: 'This document: the API in OpenAPI 3.1', tags: TAGS, responses: { 200: z.record(z.string(), z.unknown()) } }),
    async (c) => {
      document ??= apiDocument(deps.app(), deps.baseUrl).then((doc) => JSON.stringify(doc));
      c.header('Content-Type', 'application/json; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=300');
      return c.body(await document);
    },
  );

  app.get('/docs', documented({ access: 'public', summary: 'The API reference page', tags: TAGS, responses: { 200: { description: 'An HTML page', mediaType: 'text/html' } } }), (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.html(PAGE);
  });

  app.get(
    '/docs/:file',
    documented({ access: 'public',
      summary: "The reference page's script and style",
      tags: TAGS,
      responses: {
        200: { description: 'The file', mediaType: ['text/javascript', 'text/css'] },
      },
    }),
    async (c) => {
      const file = c.req.param('file');
      if (file === 'initializer.js') {
        c.header('Content-Type', 'text/javascript; charset=utf-8');
        return c.body(INITIALIZER);
      }
      const type = ASSETS[file];
      if (!type) return c.json({ error: { code: 'not_found', message: 'Not found' } }, 404);
      let body = assets.get(file);
      if (!body) {
        body = readFile(join(assetsFolder, file));
        assets.set(file, body);
      }
      c.header('Content-Type', type);
      c.header('Cache-Control', 'public, max-age=86400');
      return c.body(new Uint8Array(await body));
    },
  );

  return app;
}
