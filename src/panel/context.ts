// What every panel page is rendered with: the panel's language, its words, the restaurant, the
// signed-in session (if any) and the CSRF token the page's forms carry.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Html, sendHtml } from '../http/html.js';
import { readCookie } from './cookies.js';
import type { PanelSession } from './session.js';
import { en, type PanelTexts } from './texts-en.js';
import { it } from './texts-it.js';

export const PANEL_LOCALES = ['it', 'en'] as const;
export type PanelLocale = (typeof PANEL_LOCALES)[number];
export const LANG_COOKIE = 'menu_lang';

const TEXTS: Record<PanelLocale, PanelTexts> = { it, en };

export interface PanelContext {
  locale: PanelLocale;
  t: PanelTexts;
  tenantId: number;
  /** The restaurant's name, as its settings say. */
  restaurant: string;
  timezone: string;
  session: PanelSession | undefined;
  /** The token this page's forms carry: the session's, or the sign-in form's before there is one. */
  csrf: string;
  /** Path and query of this request (the language switch comes back here). */
  url: string;
  /**
   * The restaurant's texts to check (`resource/id/field/locale`): left as they were when their
   * default-language text changed (features/translations); flagged next to their fields.
   */
  toCheck: ReadonlySet<string>;
  /** The menu's default language: what diners read in place of a text to check. */
  menuLocale: string;
}

function isPanelLocale(value: unknown): value is PanelLocale {
  return value === 'it' || value === 'en';
}

/** The switch's cookie first, then the first of Italian or English the browser asks for, then Italian. */
export function panelLocale(request: FastifyRequest): PanelLocale {
  const chosen = readCookie(request, LANG_COOKIE);
  if (isPanelLocale(chosen)) return chosen;
  const ranked = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { code: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((e) => e.q > 0 && isPanelLocale(e.code))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.length > 0 ? (ranked[0].code as PanelLocale) : 'it';
}

export function textsFor(locale: PanelLocale): PanelTexts {
  return TEXTS[locale];
}

declare module 'fastify' {
  interface FastifyRequest {
    panel: PanelContext;
  }
}

/**
 * A query parameter as sent (the first when repeated), or undefined. Panel routes declare no query
 * schema (a refusal there would answer the API's JSON, not a panel page), so they read what they
 * need like a form field, checked at run time rather than cast.
 */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  return firstString(request.query, name);
}

/** A path parameter (`:id`), or '' when absent. */
export function pathParam(request: FastifyRequest, name: string): string {
  return firstString(request.params, name) ?? '';
}

function firstString(source: unknown, name: string): string | undefined {
  const value: unknown = source && typeof source === 'object' ? Reflect.get(source, name) : undefined;
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** Answers an HTML page (the security headers are already set by the panel's hook). */
export function sendPage(reply: FastifyReply, page: Html, status = 200) {
  return sendHtml(reply, page, status);
}

/** 303 See Other: after a POST the browser follows with a GET, so a reload never repeats the POST. */
export function seeOther(reply: FastifyReply, location: string) {
  return reply.code(303).header('location', location).send();
}

/**
 * A path of this panel to come back to, or the overview: only same-origin paths under /admin,
 * never `//host`, `/\host`, a scheme or anything that normalizes out of /admin.
 */
export function safePanelPath(raw: unknown, options: { allowLogin?: boolean } = {}): string {
  const fallback = '/admin';
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!raw.startsWith('/admin') || raw.startsWith('//') || /[\\\u0000-\u001F\u007F]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, 'http://panel.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://panel.invalid') return fallback;
  if (url.pathname !== '/admin' && !url.pathname.startsWith('/admin/')) return fallback;
  if (url.pathname === '/admin/logout') return fallback;
  if (url.pathname === '/admin/login' && !options.allowLogin) return fallback;
  return url.pathname + url.search;
}
