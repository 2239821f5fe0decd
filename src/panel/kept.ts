// Work kept across a lost session: a form posted after the session ended (idle, expired, signed
// out elsewhere) is not thrown away. The sign-in page carries what was typed (hidden fields); once
// signed in, a page says what happened and sends it again with one press, to the same address and
// with the new session's CSRF token, so the save goes through every usual check.
import { type Html, html } from '../http/html.js';
import { type PanelContext, safePanelPath } from './context.js';
import { type FormBody, hidden, notice } from './forms.js';
import { renderPage } from './layout.js';

const PREFIX = 'kept:';

export interface Kept {
  /** The panel path the form was posted to. */
  action: string;
  fields: [string, string][];
}

/** What a form posted without a session carried (its old CSRF token left out). */
export function keptFrom(action: string, body: FormBody): Kept | undefined {
  const safe = safePanelPath(action);
  if (safe !== action) return undefined;
  const fields: [string, string][] = [];
  for (const [name, value] of Object.entries(body)) {
    if (name === '_csrf') continue;
    for (const v of Array.isArray(value) ? value : [value]) fields.push([name, v]);
  }
  return { action, fields };
}

/** The kept form as hidden fields of the sign-in form. */
export function keptFields(kept: Kept | undefined): Html {
  if (!kept) return html``;
  return html`${hidden('kept_action', kept.action)}${kept.fields.map(([name, value]) => hidden(`${PREFIX}${name}`, value))}`;
}

/** The kept form the sign-in form sent back, if any. */
export function readKept(body: FormBody): Kept | undefined {
  const action = body.kept_action;
  if (typeof action !== 'string') return undefined;
  const fields: [string, string][] = [];
  for (const [name, value] of Object.entries(body)) {
    if (!name.startsWith(PREFIX)) continue;
    for (const v of Array.isArray(value) ? value : [value]) fields.push([name.slice(PREFIX.length), v]);
  }
  return keptFrom(action, Object.fromEntries(groupFields(fields)));
}

function groupFields(fields: [string, string][]): [string, string[]][] {
  const map = new Map<string, string[]>();
  for (const [name, value] of fields) map.set(name, [...(map.get(name) ?? []), value]);
  return [...map];
}

/** After signing in: what happened, and the kept form sent again with one press (or dropped). */
export function keptPage(signedOutCtx: PanelContext, csrf: string, kept: Kept): Html {
  // Every form of this page (the language switch too) carries the new session's token.
  const ctx = { ...signedOutCtx, csrf };
  const { t } = ctx;
  const body = html`${notice('info', t.keptNotice)}
<form method="post" action="${kept.action}" class="stack narrow">${hidden('_csrf', csrf)}${kept.fields.map(([name, value]) => hidden(name, value))}
<div class="actions"><button type="submit" class="primary">${t.keptSave}</button> <a href="/admin">${t.keptDiscard}</a></div>
</form>`;
  return renderPage(ctx, { title: t.keptTitle, body });
}
