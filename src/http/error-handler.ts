// The one place errors become responses: typed domain errors, Fastify's own errors (router and
// parser errors included), and the unexpected ones (logged with context, answered 500 without
// their text). Every error answer leaves here: the JSON envelope, or the branded HTML 404.
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import {
  AppError,
  BadRequestError,
  ConflictError,
  type FieldIssue,
  InProgressError,
  MethodNotAllowedError,
  NotFoundError,
  PreconditionFailedError,
  SuspendedRestaurantError,
  TooManyRequestsError,
  UnavailableError,
  UnknownRestaurantError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../core/errors.js';
import { isDatabaseUnavailable, missingReferenceField, writeConflictOf } from '../db/errors.js';
import type { Locale } from '../i18n/locales.js';
import { formatMessage, type MessageKey } from '../i18n/messages.js';
import { HTML_TYPE, notFoundPage, pageNotFoundPage, suspendedPage, tooManyRequestsPage } from './not-found-page.js';
import { messageLocale } from './request-locale.js';

/** Laravel shows `category_id` as "category id"; dotted translation keys stay as they are. */
function attributeName(field: string): string {
  return field.replace(/_/g, ' ');
}

export function validationBody(issues: FieldIssue[], locale: Locale) {
  // Field names come from the client: `constructor` or `__proto__` must be plain keys here.
  const errors: Record<string, string[]> = Object.create(null);
  for (const issue of issues) {
    const message = formatMessage(locale, issue.rule, { attribute: attributeName(issue.field), ...issue.params });
    const list = errors[issue.field] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[issue.field] = list;
  }
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const message =
    more === 0
      ? all[0]
      : `${all[0]} ${formatMessage(locale, more === 1 ? 'more_errors_one' : 'more_errors_other', { count: more })}`;
  return { success: false as const, message, errors: { ...errors } };
}

function errorBody(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}) {
  return { success: false as const, message: formatMessage(locale, key, params) };
}

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'malformed_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'malformed_json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'malformed_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'unsupported_media_type' },
};

/** Seconds a client is asked to wait while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

function sendHtmlNotFound(reply: FastifyReply, page: Buffer = notFoundPage) {
  return reply.code(404).type(HTML_TYPE).send(page);
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const locale = messageLocale(request.headers['accept-language']);
  if (error instanceof UnknownRestaurantError) return sendHtmlNotFound(reply);
  if (error instanceof SuspendedRestaurantError) {
    if (!isApiPath(request.url.split('?')[0])) return reply.code(403).type(HTML_TYPE).send(suspendedPage);
    return reply.code(403).send(errorBody(locale, 'restaurant_suspended', { reason: error.reason || '—' }));
  }
  // A page that does not exist on a restaurant's address: a browser is asking, answer the page.
  if (error instanceof NotFoundError && !isApiPath(request.url.split('?')[0])) {
    // The restaurant's address with a menu to go back to: say the page is missing, not the restaurant.
    const path = request.url.split('?')[0];
    return sendHtmlNotFound(reply, request.tenant?.publicActive && path !== '/' ? pageNotFoundPage : notFoundPage);
  }
  if (error instanceof ValidationError) return reply.code(422).send(validationBody(error.issues, locale));
  if (error instanceof ConflictError) {
    const body = errorBody(locale, error.messageKey, error.params);
    return reply.code(422).send(error.field ? { ...body, errors: { [error.field]: [body.message] } } : body);
  }
  if (error instanceof BadRequestError) return reply.code(400).send(errorBody(locale, error.messageKey));
  if (error instanceof PreconditionFailedError || error instanceof InProgressError) {
    return reply.code(error.statusCode).send(errorBody(locale, error.messageKey));
  }
  if (error instanceof UnsupportedMediaTypeError) return reply.code(415).send(errorBody(locale, error.messageKey));
  if (error instanceof MethodNotAllowedError) {
    return reply.code(405).header('allow', error.allow.join(', ')).send(errorBody(locale, 'method_not_allowed'));
  }
  // Over the budget of uncached addresses (plugins/tenant.ts): no restaurant resolved, so the page.
  if (error instanceof TooManyRequestsError && !request.tenant) {
    return reply
      .code(429)
      .header('retry-after', String(error.retryAfterSeconds))
      .type(HTML_TYPE)
      .send(tooManyRequestsPage);
  }
  if (error instanceof TooManyRequestsError) {
    return reply
      .code(429)
      .header('retry-after', String(error.retryAfterSeconds))
      .send(errorBody(locale, 'too_many_requests', { count: error.retryAfterSeconds }));
  }
  if (error instanceof UnavailableError) {
    return reply
      .code(503)
      .header('retry-after', String(error.retryAfterSeconds))
      .send(errorBody(locale, 'service_unavailable'));
  }
  if (error instanceof AppError) {
    // 401, 403, 404: the spec fixes these messages (English, as the spec shows them).
    return reply.code(error.statusCode).send({ success: false, message: error.message });
  }
  // The database is down, restarting, unreachable or locked by another process: try again soon.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error, tenant: request.tenant?.slug, url: request.url }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send(errorBody(locale, 'service_unavailable'));
  }
  // A concurrent write got in the way (the section was just deleted, the value just taken).
  const conflict = writeConflictOf(error);
  if (conflict === 'reference') {
    const field = missingReferenceField(error);
    if (field) return reply.code(422).send(validationBody([{ field, rule: 'exists' }], locale));
    return reply.code(422).send(errorBody(locale, 'reference_gone'));
  }
  if (conflict) return reply.code(409).send(errorBody(locale, 'write_conflict'));
  const fastifyError = error as FastifyError;
  const known = typeof fastifyError.code === 'string' ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return reply.code(known.status).send(errorBody(locale, known.key));
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // Any other client error Fastify raised (bad header, bad URL encoding, URL or headers too long, ...).
    return reply.code(fastifyError.statusCode).send(errorBody(locale, 'bad_request'));
  }
  request.log.error({ err: error, tenant: request.tenant?.slug, url: request.url }, 'request failed');
  return reply.code(500).send(errorBody(locale, 'server_error'));
}

/** One (method, path) the app answers, with the schemas it declared. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; hide?: boolean };
  /** The Host pattern of a route answered on one address only (the base address's pages). */
  host?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every (method, path) the app answers, in registration order (the fuzz suite walks it). */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Error handler, 404 and 405 for the whole app. Fastify answers 404 to a known path with the
 * wrong method; a shadow router of every registered (method, path) tells the two apart.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const shadow = FindMyWay({ ignoreTrailingSlash: true });
  const registered = new Set<string>();
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    // The CORS preflight catch-all (plugins/cors.ts) is not a method of every path.
    if ((route.config as { preflight?: boolean } | undefined)?.preflight) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url} ${String((route as { constraints?: { host?: unknown } }).constraints?.host ?? '')}`;
      if (registered.has(key)) continue;
      registered.add(key);
      // Routes of one host only (the base address's pages) are known on that host only.
      const constraints = (route as { constraints?: Record<string, unknown> }).constraints;
      if (constraints) shadow.on(method as 'GET', route.url, { constraints }, () => {});
      else shadow.on(method as 'GET', route.url, () => {});
      const host = (constraints as { host?: RegExp | string } | undefined)?.host;
      table.push({
        method,
        url: route.url,
        schema: route.schema as RouteEntry['schema'],
        ...(host ? { host: String(host) } : {}),
      });
    }
  });

  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allow = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter(
      (m) => m !== request.method && shadow.find(m as 'GET', path, { host: request.headers.host }) !== null,
    );
    if (allow.length > 0) return sendError(new MethodNotAllowedError(allow), request, reply);
    return sendError(new NotFoundError(), request, reply);
  });
}

/** Resolves a request's restaurant for errors raised before any hook ran (see frameworkErrors). */
export type TenantResolver = (
  host: string | undefined,
) => { status: string } | undefined | Promise<{ status: string } | undefined>;

/**
 * Fastify's `frameworkErrors` option: a URL the router cannot even read (bad %-encoding, an
 * over-long parameter) is answered before any hook runs, so the restaurant is resolved here too:
 * an unknown address still gets the HTML page, a known one a 404: the envelope under /api, the
 * HTML page elsewhere.
 */
export function frameworkErrorHandler(resolve: TenantResolver) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = (tenant: { status: string } | undefined) => {
      if (tenant?.status !== 'active') return sendError(new UnknownRestaurantError(), request, reply);
      // A URL that cannot be read names no resource and no page: 404, the envelope under /api and
      // the HTML page elsewhere (a browser asked), as for any other missing page.
      return sendError(new NotFoundError(), request, reply);
    };
    const tenant = resolve(request.headers.host);
    if (!(tenant instanceof Promise)) return answer(tenant);
    tenant.then(answer, (err) => sendError(err, request, reply));
  };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read at all (headers or URL
 * over 16 KiB, bytes that are not HTTP, a URL with invalid characters) never reaches Fastify; the
 * socket gets the envelope with the status Node's parser implies, then is closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(errorBody(messageLocale(undefined), 'bad_request'));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      'Cache-Control: no-store\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/**
 * The answer to a request the server will not run because it is stopping (runtime/drain.ts): 503
 * with `Connection: close` and `Retry-After`, the envelope under /api, a short page elsewhere, in
 * the request's language. Written on the raw response, before routing.
 */
export function answerWhileStopping(req: IncomingMessage, res: ServerResponse): void {
  const locale = messageLocale(req.headers['accept-language']);
  const message = formatMessage(locale, 'service_unavailable', {});
  const api = (req.url ?? '').startsWith('/api/');
  const body = api
    ? JSON.stringify(errorBody(locale, 'service_unavailable'))
    : `<!doctype html><html lang="${locale}"><meta charset="utf-8"><title>503</title><p>${message}</p></html>`;
  res.writeHead(503, {
    'content-type': api ? 'application/json; charset=utf-8' : HTML_TYPE,
    'content-length': Buffer.byteLength(body),
    'retry-after': String(STOPPING_RETRY_AFTER_SECONDS),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  res.end(body);
}

/** Another instance (or this one, restarted) takes the request within a second or two. */
const STOPPING_RETRY_AFTER_SECONDS = 2;
