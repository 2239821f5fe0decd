// Wall-clock time in a restaurant's time zone and time-of-day windows (HH:MM, start inclusive,
// end exclusive, start > end crosses midnight, start = end means all day).

const formatters = new Map<string, Intl.DateTimeFormat>();
const lastMinute = new Map<string, { minute: number; hhmm: string }>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timezone, f);
  }
  return f;
}

/** `HH:MM` in `timezone` at `nowMs`; computed once per zone per minute (it is on the menu's hot path). */
export function wallClock(timezone: string, nowMs: number = Date.now()): string {
  const minute = Math.floor(nowMs / 60_000);
  const cached = lastMinute.get(timezone);
  if (cached && cached.minute === minute) return cached.hhmm;
  const hhmm = formatter(timezone).format(new Date(minute * 60_000));
  lastMinute.set(timezone, { minute, hhmm });
  return hhmm;
}

const momentFormatters = new Map<string, Intl.DateTimeFormat>();
const lastMoment = new Map<string, { minute: number; moment: LocalMoment }>();
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A local minute in a restaurant's zone: its date, ISO weekday (1 = Monday) and time. */
export interface LocalMoment {
  day: string;
  weekday: number;
  hhmm: string;
  /** `day|hhmm`: equal for every request within the same local minute. */
  stamp: string;
}

/** The local moment in `timezone` at `nowMs`; computed once per zone per minute (the menu's hot path). */
export function localMoment(timezone: string, nowMs: number = Date.now()): LocalMoment {
  const minute = Math.floor(nowMs / 60_000);
  const cached = lastMoment.get(timezone);
  if (cached && cached.minute === minute) return cached.moment;
  let f = momentFormatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    momentFormatters.set(timezone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(minute * 60_000))) parts[p.type] = p.value;
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const hhmm = `${parts.hour}:${parts.minute}`;
  const moment = { day, weekday: WEEKDAYS.indexOf(parts.weekday) + 1, hhmm, stamp: `${day}|${hhmm}` };
  lastMoment.set(timezone, { minute, moment });
  return moment;
}

/** The canonical IANA name of a time zone (`europe/rome` → `Europe/Rome`), or undefined if unknown. */
export function canonicalTimezone(timezone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: timezone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function isWithinWindow(start: string, end: string, hhmm: string): boolean {
  if (start === end) return true;
  if (start < end) return hhmm >= start && hhmm < end;
  return hhmm >= start || hhmm < end;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const dayCache = new Map<string, { bucket: number; value: { day: string; hour: number } }>();

/**
 * Local date (YYYY-MM-DD) and hour in `timezone` at `ms`. Cached per 15 minutes (every UTC offset
 * in use is a multiple of 15 minutes), since a batch of events shares a handful of them.
 */
export function localDayHour(timezone: string, ms: number): { day: string; hour: number } {
  const bucket = Math.floor(ms / 900_000);
  const key = timezone;
  const cached = dayCache.get(key);
  if (cached && cached.bucket === bucket) return cached.value;
  let f = dayFormatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    dayFormatters.set(timezone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(bucket * 900_000)).map((p) => [p.type, p.value]));
  const value = { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
  dayCache.set(key, { bucket, value });
  return value;
}

/** `day` ± `n` days (calendar arithmetic on YYYY-MM-DD, no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to` inclusive. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The UTC offset of `timezone` at `ms`, in minutes (Europe/Rome in winter: 60). */
function offsetMinutes(timezone: string, ms: number): number {
  let f = offsetFormatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    offsetFormatters.set(timezone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!);
  return Math.round((local - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/**
 * The next moment after `nowMs` when the wall clock of `timezone` reads `hh:mm` (tonight's 05:00 at
 * 23:00, tomorrow's at 06:00). On a day when that time does not exist (a DST jump), the moment the
 * clock jumps past it.
 */
export function nextWallClock(timezone: string, hh: number, mm: number, nowMs: number): number {
  const { day } = localDayHour(timezone, nowMs);
  for (let n = 0; n < 3; n++) {
    const [y, m, d] = addDays(day, n).split('-').map(Number) as [number, number, number];
    const naive = Date.UTC(y, m - 1, d, hh, mm);
    // Two passes: the offset at the guess, then at the corrected moment (they differ around a DST change).
    let at = naive - offsetMinutes(timezone, naive) * 60_000;
    at = naive - offsetMinutes(timezone, at) * 60_000;
    if (at > nowMs) return at;
  }
  return nowMs + 24 * 60 * 60_000;
}

/**
 * The instant the wall clock of `timezone` reads `hh:mm` on `day` (YYYY-MM-DD); on a DST jump the
 * moment the clock jumps past it. The panel's preview of the menu at a chosen day and time.
 */
export function wallClockInstant(timezone: string, day: string, hh: number, mm: number): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d, hh, mm);
  const at = naive - offsetMinutes(timezone, naive) * 60_000;
  return naive - offsetMinutes(timezone, at) * 60_000;
}
