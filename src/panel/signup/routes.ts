// The base address (BASE_DOMAIN itself, e.g. http://localhost:3000/): the sign-up form, its
// address check as typed, and the answer. Routed by the Host header (a route constraint), outside
// tenant resolution; every other path of the base address stays the "unknown restaurant" page.
// A post must carry the form's CSRF token (bound to a cookie of this address), come from this site,
// pass the time-and-honeypot check and the per-address limits (service.ts) before anything is made.
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicAddress } from '../../config.js';
import { UnknownRestaurantError } from '../../core/errors.js';
import { sendError } from '../../http/error-handler.js';
import { html } from '../../http/html.js';
import type { CounterStore } from '../../plugins/counters.js';
import { counterKey } from '../../plugins/counters.js';
import { registerAssets } from '../assets.js';
import { type PanelContext, type PanelLocale, panelLocale, queryParam, sendPage, textsFor } from '../context.js';
import { isHttps, readCookie, setCookie } from '../cookies.js';
import { formatTime } from '../format.js';
import { asForm, type FieldErrors, parseForm, str } from '../forms.js';
import { fromThisSite, securityHeaders } from '../guard.js';
import { sameToken } from '../session.js';
import { countryFromLanguages } from './countries.js';
import { basePage, closedPage, refusedPage, type SignupView, sentPage, signupForm } from './pages.js';
import { claimSignupAttempt, type FieldProblems, type SignupInput, signUp, slugStatus } from './service.js';
import { signupTexts } from './texts.js';

/** Holds the secret behind the form's CSRF token and time check (base address, Path=/). */
const FORM_COOKIE = 'menu_signup';
/** A person needs longer than this to fill the form; a script posting at once is told to look again. */
export const MIN_FILL_MS = 3000;
/** A form older than this is drawn again (its time token is stale). */
const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;
/** Address checks per minute from one client address (each is one indexed read). */
export const CHECKS_PER_MINUTE = 60;

/** The base address as a Host header, any port, any case. */
export function baseHostPattern(baseDomain: string): RegExp {
  return new RegExp(`^${baseDomain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?::\\d+)?$`, 'i');
}

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('base64url');

function formSecret(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readCookie(request, FORM_COOKIE);
  if (existing) return existing;
  const secret = randomBytes(24).toString('base64url');
  setCookie(reply, FORM_COOKIE, secret, { maxAge: 24 * 60 * 60, secure: isHttps(request), path: '/' });
  return secret;
}

const startedToken = (secret: string, at: number) => `${at}.${derive(secret, `started:${at}`)}`;

/** When the form was drawn, if the token is this browser's; undefined for a forged or foreign one. */
function startedAt(secret: string, token: string): number | undefined {
  const [at, signature] = token.split('.');
  if (!at || !/^\d{13}$/.test(at) || !sameToken(signature, derive(secret, `started:${at}`))) return undefined;
  return Number(at);
}

function isPanelLocale(value: unknown): value is PanelLocale {
  return value === 'it' || value === 'en';
}

export function baseContext(request: FastifyRequest, locale: PanelLocale, csrf: string): PanelContext {
  return {
    locale,
    t: textsFor(locale),
    tenantId: 0,
    restaurant: signupTexts(locale).product,
    timezone: 'UTC',
    session: undefined,
    csrf,
    url: request.url,
    toCheck: new Set(),
    menuLocale: locale,
  };
}

/**
 * A body a base-address scope cannot read (another type, over 64 KiB, malformed) is answered with
 * a page in the visitor's language, like the panel's; anything else goes to the app's one error map.
 */
export function installBaseErrorPage(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof UnknownRestaurantError || status === undefined || status < 400 || status >= 500) {
      return sendError(error, request, reply);
    }
    const ctx = baseContext(request, panelLocale(request), '');
    const s = signupTexts(ctx.locale);
    return sendPage(
      reply,
      basePage(ctx, s.unreadableTitle, html`<p>${s.unreadable}</p><p><a href="/">${s.title}</a></p>`),
      status,
    );
  });
}

export interface SignupSiteOptions {
  counters: CounterStore;
  now: () => number;
}

export async function signupSite(app: FastifyInstance, { counters, now }: SignupSiteOptions): Promise<void> {
  const { config } = app;
  const db = app.database.db;
  const base = { constraints: { host: baseHostPattern(config.baseDomain) } };
  const route = { ...base, config: { untenanted: true } };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, parseForm(body as string)),
  );
  app.addHook('onRequest', async (_request, reply) => securityHeaders(reply));
  installBaseErrorPage(app);
  await app.register(async (assets) => registerAssets(assets, base), { prefix: '/admin' });

  const mode = config.signup;
  const invite = mode === 'invite';

  app.get('/', route, async (request, reply) => {
    const lang = queryParam(request, 'lang');
    const locale = isPanelLocale(lang) ? lang : panelLocale(request);
    const secret = formSecret(request, reply);
    const ctx = baseContext(request, locale, derive(secret, 'csrf'));
    if (mode === 'closed') return sendPage(reply, closedPage(ctx));
    const view: SignupView = {
      name: '',
      slug: '',
      country: countryFromLanguages(request.headers['accept-language']),
      email: '',
      invite: queryParam(request, 'code') ?? '',
      started: startedToken(secret, now()),
    };
    return sendPage(reply, signupForm(ctx, view, { baseDomain: config.baseDomain, invite }));
  });

  app.get('/signup/check', { ...route, schema: { hide: true } }, async (request, reply) => {
    const lang = queryParam(request, 'lang');
    const s = signupTexts(isPanelLocale(lang) ? lang : panelLocale(request));
    // The counter store down: check anyway (fail open, as the other limits do).
    const hit = await Promise.resolve(counters.hit(counterKey('signup-check', 0, request.client))).catch(
      () => undefined,
    );
    if (hit && hit.count > CHECKS_PER_MINUTE) {
      const seconds = Math.max(1, Math.ceil(hit.resetMs / 1000));
      return reply.code(429).header('retry-after', String(seconds)).send({ available: false, slug: '', message: '' });
    }
    const { slug, problem } = await slugStatus(db, (queryParam(request, 'slug') ?? '').slice(0, 200));
    const address = publicAddress(config, slug).replace(/^https?:\/\//, '');
    const message = problem ? s.problems[problem] : s.slugAvailable(address);
    return reply.send({ slug, available: problem === undefined, message });
  });

  app.post('/signup', route, async (request, reply) => {
    const body = asForm(request.body);
    const lang = str(body, 'lang');
    const locale = isPanelLocale(lang) ? lang : panelLocale(request);
    const s = signupTexts(locale);
    const secret = readCookie(request, FORM_COOKIE);
    const ctx = baseContext(request, locale, secret ? derive(secret, 'csrf') : '');
    if (mode === 'closed') return sendPage(reply, closedPage(ctx), 403);
    if (!secret || !fromThisSite(request) || !sameToken(str(body, '_csrf'), derive(secret, 'csrf'))) {
      return sendPage(reply, refusedPage(ctx), 403);
    }
    const input: SignupInput = {
      name: str(body, 'name').slice(0, 1000),
      // Without the page's script nothing proposes an address: the name's is taken then.
      slug: (str(body, 'slug') || str(body, 'name')).slice(0, 200),
      country: str(body, 'country'),
      email: str(body, 'email').slice(0, 1000),
      password: str(body, 'password'),
      invite: str(body, 'invite').slice(0, 100),
    };
    const view: SignupView = { ...input, started: startedToken(secret, now()) };
    const form = (status: number, extra: Partial<SignupView>) =>
      sendPage(reply, signupForm(ctx, { ...view, ...extra }, { baseDomain: config.baseDomain, invite }), status);
    const held = await claimSignupAttempt(db, request.client, now());
    if (held) {
      reply.header('retry-after', String(Math.max(1, Math.ceil((held.retryAt - now()) / 1000))));
      return form(429, { message: s.throttled(held.minutes, formatTime(ctx, held.retryAt)) });
    }
    const panelUrl = (slug: string) => `${publicAddress(config, slug)}/admin/login`;
    // The honeypot: a field people never see or reach. A script that fills it is answered as if it
    // had worked, so it learns nothing; nothing is made.
    if (str(body, 'website') !== '') {
      request.log.info('sign-up honeypot filled: nothing created');
      return sendPage(reply, sentPage(ctx, input.email, panelUrl(input.slug)));
    }
    const started = startedAt(secret, str(body, 'started'));
    if (started === undefined || now() - started > MAX_FORM_AGE_MS) return form(422, { message: s.expired });
    if (now() - started < MIN_FILL_MS) return form(422, { message: s.tooFast });
    const outcome = await signUp(db, input, { client: request.client, now: now(), mode: invite ? 'invite' : 'open' });
    if (outcome.kind === 'held') {
      reply.header('retry-after', String(Math.max(1, Math.ceil((outcome.held.retryAt - now()) / 1000))));
      return form(429, { message: s.throttled(outcome.held.minutes, formatTime(ctx, outcome.held.retryAt)) });
    }
    if (outcome.kind === 'refused') return form(422, { errors: errorsOf(outcome.problems, s.problems) });
    app.tenants.tenantCreated();
    app.announcer.announce({ tenantId: outcome.tenantId, kind: 'created' });
    if (outcome.secret) {
      const link = `${publicAddress(config, outcome.slug)}/admin/verify?token=${outcome.secret}&lang=${locale}`;
      const t = textsFor(locale);
      // Not awaited: the answer never waits for the mail server.
      void app.mailer.send({
        to: outcome.email,
        subject: t.verifyMailSubject(input.name.trim()),
        text: t.verifyMailText(input.name.trim(), link),
      });
    }
    request.log.info({ tenantId: outcome.tenantId, slug: outcome.slug }, 'restaurant signed up');
    return sendPage(reply, sentPage(ctx, outcome.email, panelUrl(outcome.slug)));
  });
}

function errorsOf(problems: FieldProblems, words: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, problem] of Object.entries(problems)) if (problem) errors[field] = [words[problem] ?? problem];
  return errors;
}
