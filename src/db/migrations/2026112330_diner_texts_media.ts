// What diners see: translations beside every diner-facing text (the existing strings move into the
// restaurant's default locale), dishes' dietary labels and photos, and the media table that holds
// every re-encoded image so all instances serve the same bytes.
import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

const json = (text: string | null | undefined, locale: string): string =>
  text ? JSON.stringify({ [locale]: text }) : '{}';

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const addText = async (table: string, column: string, fallback: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(fallback))
      .execute();
  for (const column of ['cover_charge_text', 'recommended_label', 'allergen_info']) {
    await addText('settings', `${column}_translations`, '{}');
  }
  await addText('settings', 'currency', 'EUR');
  await addText('themes', 'footer_text_translations', '{}');
  await addText('categories', 'notes_translations', '{}');
  await addText('items', 'dietary', '[]');
  // The photo: null, or JSON {"key": content hash, "widths": [...]} naming the media rows.
  await db.schema.alterTable('items').addColumn('image', 'text').execute();
  // Logo and cover uploaded through the API (same JSON); logo_url / cover_image_url follow them.
  await db.schema.alterTable('settings').addColumn('logo_image', 'text').execute();
  await db.schema.alterTable('settings').addColumn('cover_image', 'text').execute();

  // Existing strings become the default locale's translation.
  const settings = await db
    .selectFrom('settings')
    .select(['tenant_id', 'default_locale', 'cover_charge_text', 'recommended_label', 'allergen_info'])
    .execute();
  const defaults = new Map<number, string>();
  for (const s of settings) {
    defaults.set(Number(s.tenant_id), s.default_locale);
    await db
      .updateTable('settings')
      .set({
        cover_charge_text_translations: json(s.cover_charge_text, s.default_locale),
        recommended_label_translations: json(s.recommended_label, s.default_locale),
        allergen_info_translations: json(s.allergen_info, s.default_locale),
      })
      .where('tenant_id', '=', s.tenant_id)
      .execute();
  }
  for (const t of await db.selectFrom('themes').select(['tenant_id', 'footer_text']).execute()) {
    if (!t.footer_text) continue;
    await db
      .updateTable('themes')
      .set({ footer_text_translations: json(t.footer_text, defaults.get(Number(t.tenant_id)) ?? 'it') })
      .where('tenant_id', '=', t.tenant_id)
      .execute();
  }
  const notes = await db
    .selectFrom('categories')
    .select(['id', 'tenant_id', 'notes'])
    .where('notes', 'is not', null)
    .where('notes', '!=', '')
    .execute();
  for (const c of notes) {
    await db
      .updateTable('categories')
      .set({ notes_translations: json(c.notes, defaults.get(Number(c.tenant_id)) ?? 'it') })
      .where('tenant_id', '=', c.tenant_id)
      .where('id', '=', c.id)
      .execute();
  }

  // Re-encoded images by content-addressed name (`<hash>-<width>.<ext>`), per tenant.
  await db.schema
    .createTable('media')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_pk', ['tenant_id', 'name'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('media').execute();
  for (const [table, column] of [
    ['settings', 'cover_charge_text_translations'],
    ['settings', 'recommended_label_translations'],
    ['settings', 'allergen_info_translations'],
    ['settings', 'currency'],
    ['settings', 'logo_image'],
    ['settings', 'cover_image'],
    ['themes', 'footer_text_translations'],
    ['categories', 'notes_translations'],
    ['items', 'dietary'],
    ['items', 'image'],
  ] as const) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
