// Dates and ages as the panel shows them: in the restaurant's time zone and the panel's language.
import type { PanelContext } from './context.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function formatDateTime(ctx: PanelContext, iso: string | null): string {
  if (!iso) return ctx.t.never;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(ctx.locale === 'it' ? 'it-IT' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: ctx.timezone,
  }).format(date);
}

/** Whole days since `iso`. */
export function ageInDays(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / DAY_MS));
}
