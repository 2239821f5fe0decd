// Insights for the owner, in the requested locale, computed from the same rollups as the reports.

import type { MenuSnapshot } from '../../catalog/snapshot.js';
import type { Db } from '../../db/connect.js';
import { LOCALES, type Locale } from '../../i18n/locales.js';
import { parseJson, type Translations } from '../../i18n/text.js';
import { fillText, type InsightKind, insightTexts, languageName } from './insight-texts.js';
import { menuViewsByHour } from './repo.js';
import { allergensReport, type ItemReportRow, itemsReport, itemViewsByLocale, type Range } from './reports.js';

export interface Insight {
  kind: InsightKind;
  title: string;
  message: string;
  figures: Record<string, unknown>;
  item_ids: number[];
  category_ids: number[];
}

/** How many of the most viewed dishes count as "popular". */
const POPULAR = 10;

function build(
  locale: Locale,
  kind: InsightKind,
  period: { from: string; to: string },
  params: Record<string, string | number> | null,
  figures: Record<string, unknown>,
  items: ItemReportRow[] = [],
): Insight {
  const text = insightTexts[locale][kind];
  const message = params === null ? fillText(text.empty, period) : fillText(text.message, params);
  return {
    kind,
    title: text.title,
    message,
    figures,
    item_ids: items.map((i) => i.item_id),
    category_ids: [...new Set(items.map((i) => i.category_id).filter((id): id is number => id !== null))],
  };
}

/**
 * `day` writes a calendar day into the messages: ISO in the API (a client formats it), the
 * panel's language on the dashboard (an owner reads "21 Nov 2026", not "2026-11-21").
 */
export async function insights(
  db: Db,
  r: Range,
  snapshot: MenuSnapshot,
  locale: Locale,
  day: (isoDay: string) => string = (d) => d,
): Promise<Insight[]> {
  const period = { from: day(r.from), to: day(r.to) };
  const [items, hours, byLocale, allergens] = await Promise.all([
    itemsReport(db, r, snapshot, locale),
    menuViewsByHour(db, r.tenantId, r.from, r.to),
    itemViewsByLocale(db, r),
    allergensReport(db, r, snapshot, locale),
  ]);
  const out: Insight[] = [];

  // 1. Among the most viewed active dishes, those not marked as recommended.
  const popular = items.filter((i) => i.is_active && i.views > 0).slice(0, POPULAR);
  const notRecommended = popular.filter((i) => !i.is_recommended);
  const npViews = notRecommended.reduce((a, i) => a + i.views, 0);
  out.push(
    build(
      locale,
      'popular_not_recommended',
      period,
      notRecommended.length === 0
        ? null
        : { count: notRecommended.length, dishes: notRecommended.map((i) => i.name).join(', '), views: npViews },
      { count: notRecommended.length, views: npViews, considered: popular.length },
      notRecommended,
    ),
  );

  // 2. Active dishes nobody opened.
  const unseen = items.filter((i) => i.is_active && i.views === 0);
  out.push(
    build(
      locale,
      'no_views',
      period,
      unseen.length === 0 ? null : { count: unseen.length, ...period },
      { count: unseen.length },
      unseen,
    ),
  );

  // 3. The busiest hour of menu views.
  const hourly = hours.map((h) => ({ hour: Number(h.hour), views: Number(h.n) }));
  const totalViews = hourly.reduce((a, h) => a + h.views, 0);
  const busiest = hourly.sort((a, b) => b.views - a.views || a.hour - b.hour)[0];
  const pad = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  const share = busiest && totalViews > 0 ? busiest.views / totalViews : 0;
  out.push(
    build(
      locale,
      'busiest_hour',
      period,
      busiest && busiest.views > 0
        ? {
            hour: pad(busiest.hour),
            end: pad(busiest.hour + 1),
            share: `${Math.round(share * 100)}%`,
            menu_views: busiest.views,
          }
        : null,
      busiest && busiest.views > 0
        ? { hour: busiest.hour, menu_views: busiest.views, share: Math.round(share * 10000) / 10000 }
        : { hour: null, menu_views: 0, share: 0 },
    ),
  );

  // 4. The locale whose diners meet the most dishes with no name in their language.
  const current = new Map([...snapshot.items.values()].flat().map((i) => [i.id, i]));
  let worst: { locale: Locale; views: number; ids: Set<number> } | undefined;
  for (const code of LOCALES) {
    const ids = new Set<number>();
    let views = 0;
    for (const row of byLocale) {
      const item = current.get(row.item_id);
      if (row.locale !== code || !item) continue;
      if (parseJson<Translations>(item.name_translations, {})[code]) continue;
      ids.add(row.item_id);
      views += row.views;
    }
    if (views > 0 && (!worst || views > worst.views)) worst = { locale: code, views, ids };
  }
  const untranslated = worst ? items.filter((i) => worst.ids.has(i.item_id)) : [];
  out.push(
    build(
      locale,
      'untranslated_locale',
      period,
      worst ? { language: languageName(locale, worst.locale), count: worst.ids.size, views: worst.views } : null,
      worst
        ? { locale: worst.locale, dishes: worst.ids.size, views: worst.views }
        : { locale: null, dishes: 0, views: 0 },
      untranslated,
    ),
  );

  // 5. The allergens diners filter on most, and how many dishes contain them.
  const top = allergens.filter((a) => a.filters > 0).slice(0, 3);
  const topKeys = new Set(top.map((a) => a.key));
  const containing = [...current.values()].filter(
    (i) => i.is_active && parseJson<string[]>(i.allergens, []).some((k) => topKeys.has(k)),
  );
  const filters = top.reduce((a, t) => a + t.filters, 0);
  out.push(
    build(
      locale,
      'top_allergens',
      period,
      top.length === 0 ? null : { allergens: top.map((a) => a.name).join(', '), filters, dishes: containing.length },
      { allergens: top, filters, dishes: containing.length },
      items.filter((i) => containing.some((c) => c.id === i.item_id)),
    ),
  );
  return out;
}
