// Drives the admin panel over app.inject like a browser would: keeps its cookies per address,
// reads the CSRF token and one-time nonce from the page it got, and posts urlencoded forms.
import type { FastifyInstance } from 'fastify';
import { call } from '../helper.js';

export type Form = Record<string, string | string[]>;

export function encodeForm(form: Form): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  return params.toString();
}

/** The value of a hidden input of a page (the first one with that name). */
export function hiddenValue(html: string, name: string): string | undefined {
  return new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
}

/**
 * The panel's own markup escaped a second time (a template string passed where Html belongs shows
 * `&lt;a href=&quot;…` to the owner) fails every panel test that reads the page. Text typed by
 * users in these tests never contains a tag with attributes.
 */
export function assertNoEscapedMarkup(body: string): void {
  const hit = /&lt;\/?[a-z][a-z0-9]*(?: [a-z-]+=&quot;|&gt;)/.exec(body);
  if (hit && !ALLOWED_ESCAPED.some((t) => body.includes(t))) {
    throw new Error(`escaped markup in a panel page: ${body.slice(Math.max(0, hit.index - 80), hit.index + 80)}`);
  }
}
/** Escaped tags that tests type on purpose (a dish named "<script>…", a footer with <b>). */
const ALLOWED_ESCAPED = ['&lt;script&gt;', '&lt;b&gt;'];

export class PanelClient {
  readonly cookies = new Map<string, string>();
  /** The last page's CSRF token and nonce. */
  csrf = '';
  nonce = '';

  constructor(
    private readonly app: FastifyInstance,
    /** Tenant slug or full host, as test/helper.ts `call` takes it. */
    readonly host: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  private remember(res: Awaited<ReturnType<typeof call>>) {
    assertNoEscapedMarkup(res.body);
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const csrf = hiddenValue(res.body, '_csrf');
    if (csrf) this.csrf = csrf;
    const nonce = hiddenValue(res.body, '_nonce');
    if (nonce) this.nonce = nonce;
    return res;
  }

  async get(url: string, headers: Record<string, string> = {}) {
    const res = await call(this.app, {
      url,
      host: this.host,
      headers: { accept: 'text/html', ...this.extraHeaders, ...this.cookieHeader(), ...headers },
    });
    return this.remember(res);
  }

  /** Posts a form; `_csrf` is the last page's token unless the form names one (or `null` leaves it out). */
  async post(url: string, form: Form, options: { csrf?: string | null; headers?: Record<string, string> } = {}) {
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    const res = await call(this.app, {
      method: 'POST',
      url,
      host: this.host,
      headers: {
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
        ...this.extraHeaders,
        ...this.cookieHeader(),
        ...options.headers,
      },
      body: encodeForm(csrf === null ? form : { _csrf: csrf, ...form }),
    });
    return this.remember(res);
  }

  /**
   * Posts a multipart form as a browser does for `enctype="multipart/form-data"` (a file input's
   * part carries its file name and type); `_csrf` as in `post`.
   */
  async postMultipart(
    url: string,
    form: Form,
    file?: { field: string; filename: string; type: string; data: Buffer | string },
    options: { csrf?: string | null } = {},
  ) {
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    const boundary = `----panelTest${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    const fields = csrf === null ? form : { _csrf: csrf, ...form };
    for (const [key, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) {
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${v}\r\n`));
      }
    }
    if (file) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
        Buffer.from(file.data),
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const res = await call(this.app, {
      method: 'POST',
      url,
      host: this.host,
      headers: {
        accept: 'text/html',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...this.extraHeaders,
        ...this.cookieHeader(),
      },
      body: Buffer.concat(parts),
    });
    return this.remember(res);
  }

  /** Opens the sign-in page and signs in; answers the POST's response. */
  async signIn(email: string, password: string, next?: string) {
    await this.get(`/admin/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
    return this.post('/admin/login', { email, password, next: next ?? '' });
  }
}
