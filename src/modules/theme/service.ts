// Theme writes (partial): colours as #RRGGBB (stored upper-case so equal colours compare equal),
// a CSS length for the radius, the known layout variants and header styles.
import { type Static, Type } from '@sinclair/typebox';
import { findTheme } from '../../catalog/repo.js';
import type { MenuWrite } from '../../catalog/write.js';
import { CssLength, HexColor } from '../../http/inputs.js';
import { nowIso } from '../../http/schemas.js';
import { type ThemeChanges, updateTheme } from './repo.js';
import { HEADER_STYLES, LAYOUT_VARIANTS } from './schema.js';

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
export type ThemeInput = Static<typeof ThemeInput>;

export async function updateThemeSettings(w: MenuWrite, input: ThemeInput): Promise<void> {
  const before = await findTheme(w.trx, w.tenantId);
  const changes = Object.fromEntries(
    Object.entries(input).map(([k, v]) => [k, k.endsWith('_color') ? String(v).toUpperCase() : v]),
  ) as ThemeChanges;
  const after = await updateTheme(w.trx, w.tenantId, changes, nowIso());
  w.record({ resource: 'theme', id: after.id, action: 'updated', before, after });
}
