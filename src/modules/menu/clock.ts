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

export function isValidTimezone(timezone: string): boolean {
  try {
    formatter(timezone);
    return true;
  } catch {
    return false;
  }
}

export function isWithinWindow(start: string, end: string, hhmm: string): boolean {
  if (start === end) return true;
  if (start < end) return hhmm >= start && hhmm < end;
  return hhmm >= start || hhmm < end;
}
