// What a save's message says about diners: whether they see the row now, or why not and when
// (hidden, its section hidden, its section's schedule, sold out), from the saved snapshot at the
// restaurant's present moment, the same rules the public menu applies (catalog/snapshot.ts isOpenAt).
import { localMoment } from '../../catalog/clock.js';
import { isOpenAt, isScheduled, type MenuSnapshot } from '../../catalog/snapshot.js';
import type { CategoryRow, ItemRow, TypeRow, WineryRow } from '../../db/schema.js';
import type { PanelContext, PanelLocale } from '../context.js';
import { formatTime } from '../format.js';
import { displayName } from './fields.js';
import { soldOutNow } from './quick.js';
import { sectionScheduleWords } from './schedule.js';

const WORDS = {
  en: {
    now: 'Diners see it now.',
    hidden: 'Diners do not see it: it is hidden (switch “shown” on to show it).',
    sectionHidden: (section: string) => `Diners do not see it: its section “${section}” is hidden.`,
    sectionScheduledClosed: (section: string, when: string) =>
      `Diners do not see it now: its section “${section}” is shown ${when}.`,
    soldOutUntil: (time: string) => `Diners see it marked sold out until ${time}.`,
    soldOutHeld: 'Diners see it marked sold out until you switch it back.',
    /** A section (feminine in Italian: la sezione). */
    section: {
      now: 'Diners see it now.',
      hidden: 'Diners do not see it: it is hidden (switch “shown” on to show it).',
      scheduledOpen: (when: string) => `Diners see it now; it is shown ${when}.`,
      scheduledClosed: (when: string) => `Diners do not see it now: it is shown ${when}.`,
    },
    /** A sub-category (feminine in Italian: la sottocategoria). */
    subCategory: {
      sectionHidden: (section: string) => `Diners do not see it: its section “${section}” is hidden.`,
      sectionScheduledClosed: (section: string, when: string) =>
        `Diners do not see it now: its section “${section}” is shown ${when}.`,
      notShown: (section: string) =>
        `Diners do not see it as a heading: its section “${section}” does not show sub-categories (its dishes are shown all together).`,
      empty: 'Diners do not see it yet: no dish shown is in it.',
    },
    /** A winery (feminine in Italian: la cantina): seen with the wines that name it. */
    winery: {
      none: 'Diners do not see it: no wine on the menu names it.',
      now: (n: number) => (n === 1 ? 'Diners see it now, with 1 wine.' : `Diners see it now, with ${n} wines.`),
    },
  },
  it: {
    now: 'I clienti lo vedono già.',
    hidden: 'I clienti non lo vedono: è nascosto (attiva “visibile” per mostrarlo).',
    sectionHidden: (section: string) => `I clienti non lo vedono: la sua sezione “${section}” è nascosta.`,
    sectionScheduledClosed: (section: string, when: string) =>
      `I clienti non lo vedono ora: la sua sezione “${section}” è visibile ${when}.`,
    soldOutUntil: (time: string) => `I clienti lo vedono segnato esaurito fino alle ${time}.`,
    soldOutHeld: 'I clienti lo vedono segnato esaurito finché non lo riattivi.',
    section: {
      now: 'I clienti la vedono già.',
      hidden: 'I clienti non la vedono: è nascosta (attiva “visibile” per mostrarla).',
      scheduledOpen: (when: string) => `I clienti la vedono ora; è visibile ${when}.`,
      scheduledClosed: (when: string) => `I clienti non la vedono ora: è visibile ${when}.`,
    },
    subCategory: {
      sectionHidden: (section: string) => `I clienti non la vedono: la sua sezione “${section}” è nascosta.`,
      sectionScheduledClosed: (section: string, when: string) =>
        `I clienti non la vedono ora: la sua sezione “${section}” è visibile ${when}.`,
      notShown: (section: string) =>
        `I clienti non la vedono come titolo: la sua sezione “${section}” non mostra le sottocategorie (i suoi piatti sono mostrati tutti insieme).`,
      empty: 'I clienti non la vedono ancora: non contiene nessun piatto visibile.',
    },
    winery: {
      none: 'I clienti non la vedono: nessun vino del menu la nomina.',
      now: (n: number) =>
        n === 1 ? 'I clienti la vedono già, con 1 vino.' : `I clienti la vedono già, con ${n} vini.`,
    },
  },
};

/** The words of a save's message about diners (panel-agreement.test.ts reads every panel word table). */
export const seenTexts = (locale: PanelLocale) => WORDS[locale];

/** The schedule in words, starting lower case after "shown" ("Monday to Friday, 12:00–15:00"). */
function when(ctx: PanelContext, row: CategoryRow): string {
  const words = sectionScheduleWords(ctx.locale, row);
  return words.charAt(0).toLowerCase() + words.slice(1);
}

/** Why a section (with its parent) is not on the menu now, or undefined when it is. */
function sectionAbsence(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  section: CategoryRow,
  own: boolean,
  /** How "its section is hidden / closed" is said of the saved row (a sub-category is feminine in Italian). */
  its: Pick<(typeof WORDS)['en'], 'sectionHidden' | 'sectionScheduledClosed'> = WORDS[ctx.locale],
): string | undefined {
  const w = WORDS[ctx.locale];
  const chain = [section];
  const parent = snapshot.sections.find((s) => s.id === section.parent_id);
  if (parent) chain.push(parent);
  const at = localMoment(snapshot.settings.timezone, snapshot.now());
  for (const s of chain) {
    const name = displayName(snapshot, ctx, s.name_translations);
    const itself = own && s === section;
    if (!s.is_active) return itself ? w.section.hidden : its.sectionHidden(name);
    if (isScheduled(s) && !isOpenAt(s, at))
      return itself ? w.section.scheduledClosed(when(ctx, s)) : its.sectionScheduledClosed(name, when(ctx, s));
  }
  return undefined;
}

/** The dishes diners see now (shown, in a section shown now; sold-out ones included: they are listed). */
function dishesSeen(snapshot: MenuSnapshot, keep: (row: ItemRow) => boolean): number {
  const at = localMoment(snapshot.settings.timezone, snapshot.now());
  const visible = (s: CategoryRow) => Boolean(s.is_active) && (!isScheduled(s) || isOpenAt(s, at));
  const open = new Map<number, boolean>();
  const sectionOpen = (id: number): boolean => {
    let known = open.get(id);
    if (known === undefined) {
      const section = snapshot.sections.find((s) => s.id === id);
      const parent = section && snapshot.sections.find((s) => s.id === section.parent_id);
      known = section !== undefined && visible(section) && (parent === undefined || visible(parent));
      open.set(id, known);
    }
    return known;
  };
  let count = 0;
  for (const rows of snapshot.items.values()) {
    for (const row of rows) if (row.is_active && keep(row) && sectionOpen(row.category_id)) count++;
  }
  return count;
}

/** What diners see of a sub-category just saved: a heading over its dishes, when its section shows them. */
export function subCategorySeen(ctx: PanelContext, snapshot: MenuSnapshot, row: TypeRow): string {
  const w = WORDS[ctx.locale];
  if (!row.is_active) return w.section.hidden;
  const section = snapshot.sections.find((s) => s.id === row.category_id);
  if (section) {
    const absent = sectionAbsence(ctx, snapshot, section, false, w.subCategory);
    if (absent) return absent;
    if (!section.show_subcategories)
      return w.subCategory.notShown(displayName(snapshot, ctx, section.name_translations));
  }
  return dishesSeen(snapshot, (item) => item.type_id === row.id) > 0 ? w.section.now : w.subCategory.empty;
}

/** What diners see of a winery just saved: it is shown with the wines that name it. */
export function winerySeen(ctx: PanelContext, snapshot: MenuSnapshot, row: WineryRow): string {
  const w = WORDS[ctx.locale];
  const wines = dishesSeen(snapshot, (item) => item.winery_id === row.id);
  return wines > 0 ? w.winery.now(wines) : w.winery.none;
}

/** What diners see of a section just saved. */
export function sectionSeen(ctx: PanelContext, snapshot: MenuSnapshot, row: CategoryRow): string {
  const w = WORDS[ctx.locale];
  const absent = sectionAbsence(ctx, snapshot, row, true);
  if (absent) return absent;
  return isScheduled(row) ? w.section.scheduledOpen(when(ctx, row)) : w.section.now;
}

/** What diners see of a dish just saved. */
export function dishSeen(ctx: PanelContext, snapshot: MenuSnapshot, row: ItemRow): string {
  const w = WORDS[ctx.locale];
  if (!row.is_active) return w.hidden;
  const section = snapshot.sections.find((s) => s.id === row.category_id);
  const absent = section ? sectionAbsence(ctx, snapshot, section, false) : undefined;
  if (absent) return absent;
  if (soldOutNow(snapshot, row))
    return row.sold_out_until ? w.soldOutUntil(formatTime(ctx, Date.parse(row.sold_out_until))) : w.soldOutHeld;
  return w.now;
}
