// Media rows: the re-encoded image files, stored in the database so every instance serves them.
import type { Db } from '../../db/connect.js';
import type { MediaFile } from './encode.js';

export async function saveMediaFiles(db: Db, tenantId: number, files: MediaFile[], now: string): Promise<void> {
  for (const file of files) {
    // Same name = same upload = same bytes: a second upload of the picture stores nothing new.
    await db
      .insertInto('media')
      .values({
        tenant_id: tenantId,
        name: file.name,
        content_type: file.content_type,
        body: file.body,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
      .execute();
  }
}

export async function findMediaFile(
  db: Db,
  tenantId: number,
  name: string,
): Promise<{ content_type: string; body: Buffer } | undefined> {
  const row = await db
    .selectFrom('media')
    .select(['content_type', 'body'])
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { content_type: row.content_type, body: Buffer.from(row.body) } : undefined;
}

/** Deletes an image's files once no dish, logo or cover of the tenant uses its key any more. */
export async function pruneMedia(db: Db, tenantId: number, key: string): Promise<void> {
  const pattern = `%"key":"${key}"%`;
  const dish = await db
    .selectFrom('items')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('image', 'like', pattern)
    .executeTakeFirst();
  if (dish) return;
  const settings = await db
    .selectFrom('settings')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('logo_image', 'like', pattern), eb('cover_image', 'like', pattern)]))
    .executeTakeFirst();
  if (settings) return;
  await db.deleteFrom('media').where('tenant_id', '=', tenantId).where('name', 'like', `${key}-%`).execute();
}
