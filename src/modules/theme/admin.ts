// GET and PUT /api/v1/admin/theme (partial).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { CssLength, HexColor } from '../../http/inputs.js';
import { adminErrorResponses, envelope, Meta, nowIso } from '../../http/schemas.js';
import { READ_SCOPES, WRITE_SCOPES } from '../tokens/scopes.js';
import { updateTheme } from './repo.js';
import { HEADER_STYLES, LAYOUT_VARIANTS, Theme, themeView } from './schema.js';

export const ThemeInput = Type.Object(
  {
    primary_color: Type.Optional(HexColor),
    secondary_color: Type.Optional(HexColor),
    accent_color: Type.Optional(HexColor),
    background_color: Type.Optional(HexColor),
    text_color: Type.Optional(HexColor),
    font_family: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    // A path on this site (/fonts/x.css) or an http(s) URL, or '' for none.
    font_url: Type.Optional(Type.String({ maxLength: 500, pattern: '^(|/[^\\s]*|https?://[^\\s]+)$' })),
    border_radius: Type.Optional(CssLength),
    layout_variant: Type.Optional(Type.Union(LAYOUT_VARIANTS.map((v) => Type.Literal(v)))),
    header_style: Type.Optional(Type.Union(HEADER_STYLES.map((v) => Type.Literal(v)))),
    footer_text: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export function registerAdminTheme(app: FastifyInstance): void {
  const response = { 200: envelope(Theme, Meta), ...adminErrorResponses };
  const answer = async (tenantId: number) => ({
    success: true,
    data: themeView(await ownerSnapshot(app, tenantId)),
    meta: { generated_at: nowIso() },
  });
  app.get('/theme', { config: { scopes: READ_SCOPES }, schema: { summary: 'Visual theme', response } }, (request) =>
    answer(request.tenant.id),
  );
  app.put(
    '/theme',
    {
      config: { scopes: WRITE_SCOPES },
      schema: { summary: 'Update the visual theme (partial)', body: ThemeInput, response },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      const input = request.body as Record<string, string>;
      // Colours are stored upper-case so equal colours compare equal.
      const values = Object.fromEntries(
        Object.entries(input).map(([k, v]) => [k, k.endsWith('_color') ? v.toUpperCase() : v]),
      );
      await writeMenu(app, tenantId, (trx) => updateTheme(trx, tenantId, values, nowIso()));
      return answer(tenantId);
    },
  );
}
