// The API's own description, generated from the same route schemas that validate and serialize:
// GET /api/v1/openapi.json (OpenAPI 3, plain document) and GET /api/docs (a readable HTML index).
import type { FastifyInstance } from 'fastify';
import { type Html, html, join, raw, sendHtml } from '../../http/html.js';
import { publishOpenApi } from '../../plugins/openapi-publish.js';
// Real answers of the demo restaurant, written by scripts/openapi-examples.ts.
import examples from './examples.json' with { type: 'json' };

interface Operation {
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean }[];
}

/** The page's own stylesheet: fixed text, not data. */
const STYLE =
  raw(`<style>body{font-family:system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem .5rem;text-align:left;vertical-align:top}
.m{font-weight:700;font-family:monospace}.get{color:#1a7f37}.post{color:#0550ae}.put,.patch{color:#9a6700}.delete{color:#cf222e}
.q{font-size:.85rem;color:#555}code{font-size:.95rem}</style>`);

function docsPage(spec: {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}): Html {
  const rows = Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => method !== 'head')
      .map(([method, op]) => {
        const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        return html`<tr><td class="m ${method}">${method.toUpperCase()}</td><td><code>${path}</code>${
          query.length > 0 ? html`<div class="q">?${query.join(', ')}</div>` : ''
        }</td><td>${op.summary ?? ''}</td><td>${op.security?.length ? 'bearer token' : 'public'}</td></tr>`;
      }),
  );
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${spec.info.title}</title>
${STYLE}</head>
<body><h1>${spec.info.title} <small>v${spec.info.version}</small></h1>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>. Admin endpoints need
<code>Authorization: Bearer &lt;id&gt;|&lt;secret&gt;</code> with the scope named in their description.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What</th><th>Auth</th></tr></thead><tbody>
${join(rows, '\n')}
</tbody></table></body></html>
`;
}

const published = new WeakMap<FastifyInstance, object>();

/** The document /api/v1/openapi.json answers (built once per app). */
export function openApiDocument(app: FastifyInstance): object {
  let doc = published.get(app);
  if (!doc) {
    doc = publishOpenApi(app.swagger(), { baseDomain: app.config.baseDomain, examples }) as object;
    published.set(app, doc);
  }
  return doc;
}

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  let page: Html | undefined;
  app.get('/api/v1/openapi.json', async (_request, reply) => reply.type('application/json').send(openApiDocument(app)));
  app.get('/api/docs', async (_request, reply) => {
    page ??= docsPage(openApiDocument(app) as unknown as Parameters<typeof docsPage>[0]);
    return sendHtml(reply, page);
  });
}
