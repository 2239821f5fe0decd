// Two form patterns several pages share: an action taken at most once per form (a one-time nonce
// claimed in the same transaction as the action), and a button that asks for confirmation first
// (an in-page <dialog> from panel.js; without script, the server asks on a page of its own).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { attrs, type Html, html } from '../../http/html.js';
import { nowIso } from '../../http/schemas.js';
import type { PanelContext } from '../context.js';
import { asForm, csrfField, hidden, str } from '../forms.js';
import { claimNonce, pruneNonces } from '../repo.js';

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `work` unless this form's nonce was already used (a reload, a double click): then it
 * answers undefined and nothing is done. A form without a nonce is treated as already used.
 */
export async function oneTime<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  work: (trx: Db) => Promise<T>,
): Promise<T | undefined> {
  const nonce = str(asForm(request.body), '_nonce');
  if (!NONCE.test(nonce)) return undefined;
  const tenantId = request.tenant.id;
  return app.database.db.transaction().execute(async (trx) => {
    const now = Date.now();
    if (!(await claimNonce(trx, tenantId, nonce, nowIso(new Date(now))))) return undefined;
    await pruneNonces(trx, tenantId, nowIso(new Date(now - DAY_MS)));
    return work(trx);
  });
}

export interface ConfirmOptions {
  action: string;
  /** The button's text. */
  label: string;
  /** What the dialog asks before sending. */
  question: string;
  /** The button's name for screen readers when the visible text is short ("Revoke: POS"). */
  accessibleLabel?: string;
  /** Already confirmed (the server's own confirmation page). */
  confirmed?: boolean;
}

export function confirmForm(ctx: PanelContext, o: ConfirmOptions): Html {
  const ask = o.confirmed
    ? {}
    : { 'data-confirm': o.question, 'data-confirm-label': o.label, 'data-cancel-label': ctx.t.cancel };
  return html`<form${attrs({ method: 'post', action: o.action, class: 'inline', ...ask })}>${csrfField(ctx)}${
    o.confirmed ? hidden('confirmed', 'yes') : ''
  }<button${attrs({ type: 'submit', class: 'danger', 'aria-label': o.accessibleLabel })}>${o.label}</button></form>`;
}
