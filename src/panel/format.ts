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

/** A calendar day (`2026-11-21`) in the panel's language: `21 Nov` (short) or `Sat 21 Nov 2026` (long). */
export function formatDay(ctx: PanelContext, day: string, style: 'short' | 'long'): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  const options: Intl.DateTimeFormatOptions =
    style === 'short'
      ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
      : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(ctx.locale === 'it' ? 'it-IT' : 'en-GB', options).format(date);
}

/** A wall-clock time (21:45) in the restaurant's time zone. */
export function formatTime(ctx: PanelContext, ms: number): string {
  return new Intl.DateTimeFormat(ctx.locale === 'it' ? 'it-IT' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: ctx.timezone,
  }).format(new Date(ms));
}

/** Whole days since `iso`. */
export function ageInDays(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / DAY_MS));
}
