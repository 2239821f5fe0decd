// What every editor page is drawn with: the form (error summary, token, fields, buttons), the
// notices after a redirect, the delete button and the confirmation page for a delete sent
// without script.
import { type Html, html } from '../http/html.js';
import type { PanelContext } from './context.js';
import { editorTexts } from './editor-texts.js';
import { csrfField, errorSummary, type FieldErrors, notice } from './forms.js';
import { type NavKey, renderPage } from './layout.js';
import { confirmForm } from './pages/one-time.js';
import type { Labels } from './save.js';

interface FormOptions {
  action: string;
  submit: string;
  cancel?: string;
  id?: string;
}

/** The form every editor draws: the error summary, the token, the fields and the buttons. */
export function editorForm(ctx: PanelContext, labels: Labels, errors: FieldErrors, fields: Html, o: FormOptions): Html {
  return html`${errorSummary(ctx, errors, labels)}
${formElement(ctx, fields, o)}`;
}

export function formElement(ctx: PanelContext, fields: Html, o: FormOptions): Html {
  const cancel = o.cancel ? html` <a href="${o.cancel}">${ctx.t.cancel}</a>` : '';
  return html`<form method="post" action="${o.action}" class="stack"${o.id ? html` id="${o.id}"` : ''} novalidate>${csrfField(ctx)}
${fields}
<div class="actions"><button type="submit" class="primary">${o.submit}</button>${cancel}</div>
</form>`;
}

/** Notices at the top of a page: what was just done (`?created=1`…) and a refusal about the whole form. */
export function notices(message: string | undefined, error: string | undefined): Html {
  // Never both for one form: a refusal wins over a success still in the address.
  return html`${message && !error ? notice('success', message) : ''}${error ? notice('error', error) : ''}`;
}

/** A confirmation page for a delete sent without the in-page dialog (no script). */
export function confirmPage(
  ctx: PanelContext,
  o: { action: string; name: string; back: string; active: NavKey; warning?: string },
): Html {
  const et = editorTexts(ctx.locale);
  const body = html`<p>${et.deleteConfirm(o.name)}</p>${o.warning ? html`<p class="note">${o.warning}</p>` : ''}${confirmForm(
    ctx,
    {
      action: o.action,
      label: et.delete,
      question: '',
      confirmed: true,
    },
  )}<p><a href="${o.back}">${ctx.t.cancel}</a></p>`;
  return renderPage(ctx, { title: et.deleteNamed(o.name), active: o.active, body });
}

/**
 * The row's delete button, in its own section at the end of its page; when the row cannot be
 * deleted yet (a section still holding dishes), why, instead of a button that would be refused.
 */
export function dangerZone(ctx: PanelContext, action: string, name: string, blocked?: string, warning?: string): Html {
  const et = editorTexts(ctx.locale);
  const body = blocked
    ? html`<p class="note" id="delete-blocked">${blocked}</p>`
    : html`${warning ? html`<p class="note" id="delete-warning">${warning}</p>` : ''}${confirmForm(ctx, {
        action,
        label: et.delete,
        question: et.deleteConfirm(name),
        accessibleLabel: et.deleteNamed(name),
      })}`;
  return html`<section aria-labelledby="delete-title" class="danger-zone"><h2 id="delete-title">${et.deleteNamed(name)}</h2>${body}</section>`;
}

/** The message a page shows after a redirect, from its query (`?saved=1`). */
export function doneMessage(
  ctx: PanelContext,
  query: (name: string) => string | undefined,
  name: string,
  seen?: string,
  feminine?: boolean,
): string | undefined {
  const q = { created: query('created'), saved: query('saved'), deleted: query('deleted'), ordered: query('ordered') };
  const et = editorTexts(ctx.locale);
  if (q.created === '1') return et.created(name, seen, feminine);
  if (q.saved === '1') return et.savedNamed(name, seen, feminine);
  if (q.deleted === '1') return et.deleted;
  if (q.ordered === '1') return et.orderSaved;
  return undefined;
}
