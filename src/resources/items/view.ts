// A dish as the API shows it, from the snapshot (its winery comes along).
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { defaultLocaleOf, momentKey } from '../../catalog/snapshot.js';
import { isSoldOut, type View } from '../../catalog/visibility.js';
import type { ItemRow } from '../../db/schema.js';
import type { Locale } from '../../i18n/locales.js';
import { dishGroupRows, groupView } from '../options/view.js';
import { type MenuItem, toMenuItem } from './schema.js';

/** `view`: a diner's open-set key (the moment a document is built for), or null for the owner's view, now. */
export function itemView(snapshot: MenuSnapshot, row: ItemRow, locale: Locale, view: View = null): MenuItem {
  const winery = row.winery_id === null ? undefined : snapshot.wineries.get(row.winery_id);
  const soldOut = isSoldOut(row, view ?? momentKey(snapshot));
  const groups = dishGroupRows(snapshot, row.id, view).map((g) => groupView(snapshot, g, locale, view));
  return toMenuItem(row, winery, locale, defaultLocaleOf(snapshot), soldOut, groups);
}
