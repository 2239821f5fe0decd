// Where a new restaurant stands on its first-run checklist: which steps are done, read from what
// the restaurant has (a dish, a photo, opening hours, the public switch, the verified e-mail) and,
// for what leaves no other trace (languages confirmed, table cards downloaded, a step skipped),
// from marks kept in the panel's preferences (`first_run`). Only a restaurant made by sign-up
// has the preference, so only it sees the checklist.
import type { FastifyInstance } from 'fastify';
import { awaitingVerification } from '../../accounts/tenants/repo.js';
import { ownerSnapshot } from '../../catalog/write.js';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../http/schemas.js';
import { parseHours } from '../../resources/settings/hours.js';
import { readPreference, writePreference } from '../repo.js';

export const FIRST_RUN = 'first_run';
export const STEPS = ['verify', 'languages', 'menu', 'photo', 'hours', 'qr', 'public'] as const;
export type Step = (typeof STEPS)[number];
/** Steps done by a mark (a press of their button, a download, "skip"). */
export type Mark = 'languages' | 'photo' | 'hours' | 'qr';

type Marks = Partial<Record<Mark, string>>;

function parseMarks(value: string | undefined): Marks | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as Marks) : {};
  } catch {
    return {};
  }
}

/** Starts the checklist (sign-up, in its transaction). */
export async function startFirstRun(db: Db, tenantId: number, now: number): Promise<void> {
  await writePreference(db, tenantId, FIRST_RUN, '{}', nowIso(new Date(now)));
}

/** Marks a step done, when the restaurant has a checklist at all. */
export async function markFirstRun(db: Db, tenantId: number, mark: Mark, now: number): Promise<void> {
  const marks = parseMarks(await readPreference(db, tenantId, FIRST_RUN));
  if (!marks || marks[mark]) return;
  const at = nowIso(new Date(now));
  await writePreference(db, tenantId, FIRST_RUN, JSON.stringify({ ...marks, [mark]: at }), at);
}

export interface FirstRunState {
  done: Record<Step, boolean>;
  /** The restaurant's languages, its default first. */
  locales: string[];
  defaultLocale: string;
  dishes: number;
}

/** The checklist's state, or undefined when the restaurant has none. */
export async function firstRunState(
  app: FastifyInstance,
  tenantId: number,
  publicActive: boolean,
): Promise<FirstRunState | undefined> {
  const db = app.database.db;
  const marks = parseMarks(await readPreference(db, tenantId, FIRST_RUN));
  if (!marks) return undefined;
  const snapshot = await ownerSnapshot(app, tenantId);
  const items = [...snapshot.items.values()].flat();
  const { settings } = snapshot;
  const supported = JSON.parse(settings.supported_locales) as string[];
  const locales = [settings.default_locale, ...supported.filter((l) => l !== settings.default_locale)];
  const hours = parseHours(settings.opening_hours);
  return {
    done: {
      verify: !(await awaitingVerification(db, tenantId)),
      languages: Boolean(marks.languages),
      menu: items.length > 0,
      photo: Boolean(marks.photo || settings.logo_image || settings.cover_image || items.some((i) => i.image)),
      hours: Boolean(marks.hours || hours.weekly.some((d) => d.ranges.length > 0)),
      qr: Boolean(marks.qr),
      public: publicActive,
    },
    locales,
    defaultLocale: settings.default_locale,
    dishes: items.length,
  };
}
