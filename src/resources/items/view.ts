// A dish as the API shows it, from the snapshot (its winery comes along).
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { defaultLocaleOf } from '../../catalog/snapshot.js';
import type { ItemRow } from '../../db/schema.js';
import type { Locale } from '../../i18n/locales.js';
import { type MenuItem, toMenuItem } from './schema.js';

export function itemView(snapshot: MenuSnapshot, row: ItemRow, locale: Locale): MenuItem {
  const winery = row.winery_id === null ? undefined : snapshot.wineries.get(row.winery_id);
  return toMenuItem(row, winery, locale, defaultLocaleOf(snapshot));
}
