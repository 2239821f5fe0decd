// HTML that is safe by default: the `html` tagged template escapes every interpolated value unless
// it is already `Html`; `raw()` is the one (grep-able) way to insert trusted markup.
import type { FastifyReply } from 'fastify';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text escaped for HTML text and quoted attribute values: what `html` does to every string. Not
 * exported, so markup is never again built from strings escaped by hand. The bidirectional
 * controls (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E,
 * U+200F and U+061C) are dropped: typed into a name, an override would reverse the text around it
 * on every page (a price, a button). They stay stored as typed (the API and export/import give
 * them back); only what a browser draws leaves them out. */
function esc(text: string | null | undefined): string {
  return (text ?? '').replace(/[&<>"'\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g, (c) => ESCAPES[c] ?? '');
}

/** Text without the bidirectional controls `html` drops, for what a page carries outside it (its JSON-LD). */
export function withoutBidiControls(text: string): string {
  return text.replace(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g, '');
}

/**
 * Markup known to be safe. The class is not exported as a value: the only ways to make one are
 * `html`, `raw`, `attrs` and `join`, so a string built by concatenation is never an `Html` (its
 * private field makes the type nominal: a `string` is a type error where `Html` is expected).
 */
class SafeHtml {
  readonly #markup: string;
  constructor(markup: string) {
    this.#markup = markup;
  }
  toString(): string {
    return this.#markup;
  }
}
export type Html = SafeHtml;

/**
 * What may be interpolated: text and numbers (escaped), `Html` (kept), lists of these (joined with
 * nothing), and `false`/`null`/`undefined` (nothing), so `${cond && html`…`}` reads naturally.
 */
export type HtmlValue = Html | string | number | false | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.toString();
  if (typeof value === 'string') return esc(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(render).join('');
  // Only reachable from untyped code: refuse rather than print "[object Object]".
  throw new TypeError(`html: cannot interpolate ${typeof value}`);
}

/** html`<p>${text}</p>`: every interpolation is escaped unless it is `Html`. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/** Trusted markup inserted as is: a stylesheet, a script, an SVG this code drew. Never user input. */
export function raw(trusted: string): Html {
  return new SafeHtml(trusted);
}

export function isHtml(value: unknown): value is Html {
  return value instanceof SafeHtml;
}

/** Pieces with a separator between them (itself `Html`, e.g. html`<br>` or ' · ' escaped). */
export function join(pieces: readonly HtmlValue[], separator: HtmlValue): Html {
  const sep = render(separator);
  return new SafeHtml(
    pieces
      .map(render)
      .filter((p) => p !== '')
      .join(sep),
  );
}

/** An attribute's value: text (escaped), `true` (present without value), `false`/null/undefined (absent). */
export type AttrValue = string | number | boolean | null | undefined | readonly (string | false | null | undefined)[];

const ATTR_NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*$/;

/**
 * Attributes with a leading space each: attrs({ id: 'x', required: true, hidden: false,
 * class: ['field', invalid && 'invalid'] }) → ` id="x" required class="field invalid"`.
 * A list is joined with spaces (class names, aria-describedby ids), its empty entries dropped.
 */
export function attrs(values: Record<string, AttrValue>): Html {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    if (!ATTR_NAME.test(name)) throw new TypeError(`attrs: bad attribute name ${JSON.stringify(name)}`);
    if (value === null || value === undefined || value === false) continue;
    if (value === true) {
      out += ` ${name}`;
      continue;
    }
    const text = Array.isArray(value) ? value.filter((v) => typeof v === 'string' && v !== '').join(' ') : value;
    if (Array.isArray(value) && text === '') continue;
    out += ` ${name}="${esc(String(text))}"`;
  }
  return new SafeHtml(out);
}

/** Answers an HTML page. Only `Html` is accepted: a concatenated string does not compile. */
export function sendHtml(reply: FastifyReply, page: Html, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').send(page.toString());
}
