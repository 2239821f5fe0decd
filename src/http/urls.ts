// Which addresses a restaurant may store (logo, cover, review, winery, font) and how one is put in
// CSS: a well-formed absolute http(s) URL with nothing that could end the attribute, string or
// url() it is placed in (no quotes, brackets, parentheses, backslashes, whitespace), or a path of
// the app's own stored images (`/media/<name>`); a font stylesheet only from this site or https.

/** Characters never accepted in a stored address: they end HTML attributes, CSS strings or url(). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const UNSAFE = /[\s"'`<>()[\]{}\\^|\u0000-\u001f\u007f]/;

/** A path of an image stored by the app itself (src/resources/media). */
const MEDIA_PATH = /^\/media\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A same-origin path (never `//host`, which a browser reads as another site). */
const SITE_PATH = /^\/(?![/\\])[A-Za-z0-9._~!$&*+,;=:@%/?#-]*$/;

function parsedHttp(value: string, protocols: string[]): boolean {
  if (UNSAFE.test(value)) return false;
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** An absolute http(s) URL safe in any attribute or CSS context. */
export function isSafeHttpUrl(value: string): boolean {
  return parsedHttp(value, ['http:', 'https:']);
}

/** What image and link fields accept: a safe absolute http(s) URL or one of the app's own images. */
export function isAllowedUrl(value: string): boolean {
  return isSafeHttpUrl(value) || MEDIA_PATH.test(value);
}

/** What `font_url` accepts: a stylesheet on this site, or an https one. */
export function isAllowedFontUrl(value: string): boolean {
  return SITE_PATH.test(value) || parsedHttp(value, ['https:']);
}

/**
 * A stored address as a CSS `url("…")`, escaped for a CSS string whatever it holds (values stored
 * before these rules existed included): anything outside a conservative set becomes `\HEX `.
 * The result still needs HTML escaping when it goes into an attribute.
 */
export function cssUrl(value: string): string {
  const escaped = value.replace(/[^A-Za-z0-9._~:/?#@!$&*+,;=%-]/gu, (c) => `\\${c.codePointAt(0)!.toString(16)} `);
  return `url("${escaped}")`;
}
