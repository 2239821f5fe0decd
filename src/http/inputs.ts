// Building blocks of admin request bodies, each carrying the Laravel rule its failure reports.
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { LOCALES, type Locale } from '../i18n/locales.js';
import { RULE } from './validator.js';

/**
 * Locale → text, the five locales optional, nothing else allowed. `requiredItalian` marks a name:
 * its text in the restaurant's default locale (`name.it` by default) is required, a rule the
 * service checks (`defaultTextIssues` in catalog/rows.ts) since the schema does not know the restaurant.
 */
export function TranslationsInput(options: { requiredItalian: boolean; maxLength: number }) {
  const text = (min: number) => Type.String({ minLength: min, maxLength: options.maxLength });
  const props: Record<string, TSchema> = {};
  for (const code of LOCALES) props[code] = Type.Optional(text(0));
  // Unsafe keeps the generated JSON schema while typing the value as what it is: locale → text.
  return Type.Unsafe<Partial<Record<Locale, string>>>(Type.Object(props, { additionalProperties: false }));
}

/**
 * A translatable diner-facing text on a write: the translations object (locale → text, every
 * locale optional) or a plain string, which sets the restaurant's default locale's text.
 */
export function TranslatableInput(maxLength: number) {
  return Type.Union([Type.String({ maxLength }), TranslationsInput({ requiredItalian: false, maxLength })]);
}

/** An ISO 8601 moment with its offset (`2026-11-25T18:00:00Z`, `…+01:00`): the wire's date-time. */
export function IsoDateTime(options: { description?: string } = {}) {
  return Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$',
    [RULE]: 'date_format',
    'x-params': { format: 'ISO 8601, e.g. 2026-11-25T18:00:00Z' },
    ...options,
  });
}

export const HexColor = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', [RULE]: 'hex_color' });
export const CssLength = Type.String({
  maxLength: 32,
  pattern: '^(0|[0-9]+(\\.[0-9]+)?(px|rem|em|%|vh|vw))$',
});
export const TimeOfDay = Type.Union([
  Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', [RULE]: 'date_format', 'x-params': { format: 'HH:MM' } }),
  Type.Null(),
]);
/** An http(s) URL, or '' for "none". */
export const UrlOrEmpty = Type.Union([Type.Literal(''), Type.String({ maxLength: 2048, format: 'uri' })]);
/** Ids are 32-bit on PostgreSQL (serial): anything larger names no row, and must not reach the database. */
export const MAX_ID = 2_147_483_647;
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
export const OptionalRef = Type.Optional(Type.Union([Id, Type.Null()]));
export const DisplayOrder = Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }));
export const Flag = Type.Optional(Type.Boolean());

/** Same schema with every property optional: the PUT/PATCH partial update of a POST body. */
export function partial<T extends TObject>(schema: T) {
  return Type.Partial(schema, { additionalProperties: false, minProperties: 0 });
}
