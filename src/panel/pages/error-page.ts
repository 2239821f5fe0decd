// The panel's own answers to errors, its one mapping: a panel page in the panel's language (with
// the navigation when signed in) instead of the API's JSON envelope, for a row that is not the
// restaurant's or is gone (NotFoundError: the panel's 404), an action only owners may take
// (ForbiddenError: 403), a form that is too large (413), not a form (415), unreadable (400), a
// file form without its token (403, uploads.ts), the database out of reach (503 + Retry-After),
// and an unexpected failure (500, logged, without its text). A refused body is logged on one
// line without a stack: it is the client's doing, not a failure.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ForbiddenError, NotFoundError } from '../../core/errors.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, sendError } from '../../http/error-handler.js';
import { html } from '../../http/html.js';
import { type PanelContext, type PanelLocale, panelLocale, sendPage, textsFor } from '../context.js';
import { csrfRefusal, panelContext } from '../guard.js';
import { renderPage } from '../layout.js';
import { UploadRefusal } from '../uploads.js';

const TEXTS = {
  en: {
    413: ['This form is too large', 'What was sent is larger than any panel form allows. Nothing was changed.'],
    415: ['This is not a panel form', 'The panel only reads the forms of its own pages. Nothing was changed.'],
    400: ['This request cannot be read', 'Go back, reload the page and try again. Nothing was changed.'],
    503: [
      'The panel is briefly unavailable',
      'The menu’s database cannot be reached right now. Nothing was changed. Try again in a few seconds.',
    ],
    500: [
      'Something went wrong',
      'The panel could not complete this request; it has been logged. Nothing was saved unless the page said so. Try again in a moment.',
    ],
  },
  it: {
    413: [
      'Questo modulo è troppo grande',
      'Quanto inviato supera ciò che un modulo del pannello consente. Non è cambiato nulla.',
    ],
    415: [
      'Questo non è un modulo del pannello',
      'Il pannello legge solo i moduli delle sue pagine. Non è cambiato nulla.',
    ],
    400: ['Questa richiesta non si può leggere', 'Torna indietro, ricarica la pagina e riprova. Non è cambiato nulla.'],
    503: [
      'Il pannello è momentaneamente non disponibile',
      'Il database del menu non è raggiungibile in questo momento. Non è cambiato nulla. Riprova tra qualche secondo.',
    ],
    500: [
      'Qualcosa è andato storto',
      'Il pannello non ha potuto completare la richiesta; l’errore è stato registrato. Non è stato salvato nulla, salvo dove la pagina lo diceva. Riprova tra poco.',
    ],
  },
} as const;

function statusOf(error: FastifyError): 400 | 413 | 415 | 500 | 503 {
  if (isDatabaseUnavailable(error)) return 503;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return 413;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) return 415;
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) return 400;
  return 500;
}

/** The page's context; when even that fails (the database is away), a signed-out one. */
async function contextFor(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, now: () => number) {
  if (request.panel) return request.panel;
  try {
    return await panelContext(app, request, reply, now);
  } catch {
    const locale = panelLocale(request);
    const fallback: PanelContext = {
      locale,
      t: textsFor(locale),
      tenantId: request.tenant.id,
      restaurant: request.tenant.slug,
      timezone: 'UTC',
      session: undefined,
      csrf: '',
      toCheck: new Set(),
      menuLocale: 'it',
      url: request.url,
    };
    return fallback;
  }
}

/** The error pages' words (panel-agreement.test.ts reads every panel word table). */
export const errorPageTexts = (locale: PanelLocale) => TEXTS[locale];

export function installErrorPages(app: FastifyInstance, now: () => number): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // The panel's refusals thrown by its handlers (the editors, the pages): the one mapping to pages.
    if (request.tenant && error instanceof NotFoundError) return reply.callNotFound();
    if (request.tenant && error instanceof ForbiddenError) {
      const ctx = await contextFor(app, request, reply, now);
      const body = html`<p>${ctx.t.ownersOnly}</p><p><a href="/admin">${ctx.t.backHome}</a></p>`;
      return sendPage(reply, renderPage(ctx, { title: ctx.t.ownerOnlyTitle, body }), 403);
    }
    // The app's own refusals (an unknown restaurant's branded 404, a rate limit...) answer as everywhere.
    if (error instanceof AppError || !request.tenant) return sendError(error, request, reply);
    if (error instanceof UploadRefusal && error.reason === 'csrf') {
      request.log.info({ tenant: request.tenant.slug, url: request.url }, 'panel file form without its token');
      return sendPage(reply, csrfRefusal(await contextFor(app, request, reply, now)), 403);
    }
    const status = statusOf(error);
    if (status === 500) {
      request.log.error({ err: error, tenant: request.tenant?.slug, url: request.url }, 'panel request failed');
    } else if (status === 503) {
      request.log.warn(
        { tenant: request.tenant.slug, url: request.url, reason: error.message },
        'database unavailable',
      );
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else {
      request.log.info(
        { tenant: request.tenant.slug, url: request.url, status, reason: error.message },
        'panel body refused',
      );
    }
    const ctx = await contextFor(app, request, reply, now);
    const [title, text] = TEXTS[ctx.locale][status];
    const body = html`<p>${text}</p><p><a href="/admin">${ctx.t.backHome}</a></p>`;
    return sendPage(reply, renderPage(ctx, { title, body }), status);
  });
}
