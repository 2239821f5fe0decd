// GET and PUT /api/v1/admin/settings: every spec field but id and slug, plus timezone; partial.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { canonicalTimezone } from '../../catalog/clock.js';
import { findSettings } from '../../catalog/repo.js';
import { ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { ValidationError } from '../../http/errors.js';
import { UrlOrEmpty } from '../../http/inputs.js';
import { adminErrorResponses, envelope, Meta, nowIso } from '../../http/schemas.js';
import { LOCALES } from '../../i18n/locales.js';
import { parseJson } from '../../i18n/text.js';
import { READ_SCOPES, WRITE_SCOPES } from '../tokens/scopes.js';
import { type SettingsChanges, updateSettings } from './repo.js';
import { Settings, settingsView } from './schema.js';

const LocaleCode = Type.Union(LOCALES.map((l) => Type.Literal(l)));
const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const SettingsInput = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    logo_url: Type.Optional(UrlOrEmpty),
    cover_image_url: Type.Optional(Type.Union([UrlOrEmpty, Type.Null()])),
    cover_charge_text: text(500),
    allergen_info: text(5000),
    review_url: Type.Optional(UrlOrEmpty),
    recommended_label: text(100),
    business_name: text(200),
    vat_number: text(32),
    address: text(500),
    phone: text(50),
    email: Type.Optional(Type.Union([Type.Literal(''), Type.String({ maxLength: 254, format: 'email' })])),
    default_locale: Type.Optional(LocaleCode),
    supported_locales: Type.Optional(Type.Array(LocaleCode, { minItems: 1, maxItems: 5, uniqueItems: true })),
    is_active: Type.Optional(Type.Boolean()),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

export function registerAdminSettings(app: FastifyInstance): void {
  const response = { 200: envelope(Settings, Meta), ...adminErrorResponses };
  app.get(
    '/settings',
    { config: { scopes: READ_SCOPES }, schema: { summary: 'Restaurant settings', response } },
    async (request) => {
      const snapshot = await ownerSnapshot(app, request.tenant.id);
      return { success: true, data: settingsView(snapshot), meta: { generated_at: nowIso() } };
    },
  );

  app.put(
    '/settings',
    {
      config: { scopes: WRITE_SCOPES },
      schema: { summary: 'Update restaurant settings (partial)', body: SettingsInput, response },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      const input = request.body as Record<string, unknown> & { supported_locales?: string[]; timezone?: string };
      await writeMenu(app, tenantId, async (trx) => {
        const current = await findSettings(trx, tenantId);
        const supported = input.supported_locales ?? parseJson<string[]>(current.supported_locales, []);
        const defaultLocale = (input.default_locale as string | undefined) ?? current.default_locale;
        const issues = [];
        if (!supported.includes(defaultLocale))
          issues.push({ field: 'default_locale', rule: 'locale_in_supported' as const });
        const timezone = input.timezone === undefined ? undefined : canonicalTimezone(input.timezone);
        if (input.timezone !== undefined && timezone === undefined)
          issues.push({ field: 'timezone', rule: 'in' as const });
        if (issues.length > 0) throw new ValidationError(issues);
        const { is_active, supported_locales, ...rest } = input;
        const changes: SettingsChanges = {
          ...(rest as SettingsChanges),
          ...(timezone === undefined ? {} : { timezone }),
          ...(is_active === undefined ? {} : { is_active: Number(is_active) }),
          ...(supported_locales === undefined ? {} : { supported_locales: JSON.stringify(supported_locales) }),
        };
        await updateSettings(trx, tenantId, changes, nowIso());
      });
      const snapshot = await ownerSnapshot(app, tenantId);
      return { success: true, data: settingsView(snapshot), meta: { generated_at: nowIso() } };
    },
  );
}
