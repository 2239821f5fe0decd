// A sold-out mark, the same for a dish and an option ("burrata finished"): still on the menu,
// marked, until a moment (by default the end of tonight's service) or until switched back.
import type { FieldIssue } from '../core/errors.js';
import { nowIso } from '../http/schemas.js';
import { nextWallClock } from './clock.js';
import { findSettings } from './repo.js';
import type { MenuWrite } from './write.js';

/** The stored mark: 1 and an end (ISO, whole minutes) or null (until switched back); 0 and null when not sold out. */
export interface SoldOutColumns {
  sold_out: number;
  sold_out_until: string | null;
}

/** When tonight's service ends: a sold-out mark without a time lapses then. */
export const SERVICE_ENDS = { hour: 5, minute: 0 };

/**
 * The sold-out columns after this write. `sold_out: false` clears the mark; `sold_out: true` sets it
 * until `sold_out_until`, or, when that is omitted, the next 05:00 local (null: until switched
 * back); `sold_out_until` alone moves the end of a mark (a time alone also sets one).
 */
export async function soldOutAfter(
  w: MenuWrite,
  current: SoldOutColumns,
  input: { sold_out?: boolean; sold_out_until?: string | null },
  issues: FieldIssue[],
): Promise<SoldOutColumns> {
  const { sold_out: flag, sold_out_until: until } = input;
  if (flag === false) return { sold_out: 0, sold_out_until: null };
  const lapsed = current.sold_out_until !== null && Date.parse(current.sold_out_until) <= w.now;
  if (flag === undefined && until === undefined) {
    // A mark that lapsed by itself is cleared by the next write of the dish (it no longer counts anyway).
    return lapsed
      ? { sold_out: 0, sold_out_until: null }
      : { sold_out: current.sold_out, sold_out_until: current.sold_out_until };
  }
  if (flag === undefined && until === null && (!current.sold_out || lapsed))
    return { sold_out: 0, sold_out_until: null };
  if (until === null) return { sold_out: 1, sold_out_until: null };
  let endMs: number;
  if (until === undefined) {
    const { timezone } = await findSettings(w.trx, w.tenantId);
    endMs = nextWallClock(timezone, SERVICE_ENDS.hour, SERVICE_ENDS.minute, w.now);
  } else {
    endMs = Math.ceil(Date.parse(until) / 60_000) * 60_000;
    if (!(endMs > w.now)) {
      // Reported with the references' and names' issues (every error at once); the row is not written.
      issues.push({ field: 'sold_out_until', rule: 'after_or_equal', params: { date: nowIso(new Date(w.now)) } });
      return { sold_out: current.sold_out, sold_out_until: current.sold_out_until };
    }
  }
  return { sold_out: 1, sold_out_until: nowIso(new Date(endMs)) };
}
