// Translations to check. When a write changes a diner text in the menu's default language (a
// cover charge, a section's notes, a dish's name…), every other language whose text stayed as it
// was is flagged "to check": its text may now be wrong (a price in words). The flag goes when that
// language's text is saved again — changed, or confirmed in the panel as still right — or when the
// row goes. Runs inside the write's transaction (a menuWriter listener set in app.ts), so API,
// panel, import and CLI writes flag alike.
import type { Actor, Change } from '../../catalog/write.js';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../http/schemas.js';
import { type CheckKey, clearChecks, clearRowChecks, defaultLocale, flagChecks } from './repo.js';

const TRANSLATIONS = '_translations';

/** A flag's key as the panel looks it up: `resource/id/field/locale`. */
export const checkKey = (k: CheckKey) => `${k.resource}/${k.resource_id}/${k.field}/${k.locale}`;

export function checkKeys(rows: CheckKey[]): Set<string> {
  return new Set(rows.map(checkKey));
}

/** A key sent back by the panel's "still right" box, or undefined when it is not one. */
export function parseCheckKey(value: string): CheckKey | undefined {
  const m =
    /^(settings|theme|categories|items|types|wineries|option_groups|options)\/(\d{1,15})\/([a-z_]{1,64}|variants\.\d{1,2}\.label)\/([a-z]{2})$/.exec(
      value,
    );
  return m ? { resource: m[1], resource_id: Number(m[2]), field: m[3], locale: m[4] } : undefined;
}

function parsed(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const out: unknown = JSON.parse(value);
    return out && typeof out === 'object' && !Array.isArray(out) ? (out as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

const text = (t: Record<string, string>, locale: string) => (t[locale] ?? '').trim();

/** What one changed row flags and clears, given the menu's default language. */
export function checksOf(change: Change, locale: string): { flag: CheckKey[]; clear: CheckKey[] } {
  const flag: CheckKey[] = [];
  const clear: CheckKey[] = [];
  if (change.action !== 'updated' || !change.before || !change.after) return { flag, clear };
  const before = change.before as Record<string, unknown>;
  const after = change.after as Record<string, unknown>;
  const compare = (field: string, was: Record<string, string>, now: Record<string, string>) => {
    const key = (l: string): CheckKey => ({ resource: change.resource, resource_id: change.id, field, locale: l });
    const defaultChanged = text(was, locale) !== text(now, locale);
    for (const l of new Set([...Object.keys(was), ...Object.keys(now)])) {
      if (l === locale) continue;
      if (text(was, l) !== text(now, l) || text(now, l) === '') clear.push(key(l));
      else if (defaultChanged) flag.push(key(l));
    }
  };
  for (const column of Object.keys(after)) {
    if (!column.endsWith(TRANSLATIONS)) continue;
    const was = parsed(before[column]);
    const now = parsed(after[column]);
    if (!was || !now) continue;
    compare(column.slice(0, -TRANSLATIONS.length), was, now);
  }
  // A dish's price labels ("glass", "bottle"), by position: `variants.<n>.label`.
  if (typeof before.variants === 'string' && typeof after.variants === 'string') {
    const labels = (json: string) => {
      try {
        const list: unknown = JSON.parse(json);
        return Array.isArray(list)
          ? list.map((v) => (v && typeof v === 'object' && v.label && typeof v.label === 'object' ? v.label : {}))
          : [];
      } catch {
        return [];
      }
    };
    const was = labels(before.variants);
    const now = labels(after.variants);
    for (let i = 0; i < Math.min(was.length, now.length); i++) compare(`variants.${i}.label`, was[i], now[i]);
    // A price taken away: its flags go (a later price moving into its place starts unflagged).
    for (let i = now.length; i < was.length; i++) {
      for (const l of Object.keys(was[i])) {
        clear.push({ resource: change.resource, resource_id: change.id, field: `variants.${i}.label`, locale: l });
      }
    }
  }
  return { flag, clear };
}

/** The `inTransaction` listener: flags and clears the texts the write's changes touched. */
export async function recordTranslationChecks(
  trx: Db,
  tenantId: number,
  _actor: Actor,
  changes: Change[],
): Promise<void> {
  if (changes.length === 0) return;
  let locale: string | undefined;
  for (const change of changes) {
    if (change.action === 'deleted') {
      await clearRowChecks(trx, tenantId, change.resource, change.id);
      continue;
    }
    if (change.action !== 'updated') continue;
    // A write that moves the default language itself flags nothing: every text is the owner's new choice.
    const settingsLocale = change.resource === 'settings' ? change.after : undefined;
    const before = change.before as Record<string, unknown> | null;
    if (
      settingsLocale &&
      before &&
      (settingsLocale as Record<string, unknown>).default_locale !== before.default_locale
    ) {
      continue;
    }
    locale ??= await defaultLocale(trx, tenantId);
    if (!locale) return;
    const { flag, clear } = checksOf(change, locale);
    await clearChecks(trx, tenantId, clear);
    await flagChecks(trx, tenantId, flag, nowIso());
  }
}
