// A restaurant's address word (its slug, `<slug>.<BASE_DOMAIN>`): what a typed name or address
// becomes (accents, look-alike letters of other scripts and full-width forms folded to plain
// a-z, 0-9 and hyphens), which words are kept for the service itself, and what is wrong with one.

/**
 * Words kept for the service: its own hosts, mail and DNS names, pages people expect at a service
 * (help, status), and names that would pass for it (operator, signup). Checked by the command line
 * and by sign-up alike.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'admin',
  'app',
  'static',
  'assets',
  'mail',
  'operator',
  'signup',
  'login',
  'auth',
  'account',
  'accounts',
  'help',
  'support',
  'status',
  'docs',
  'blog',
  'billing',
  'internal',
  'cdn',
  'media',
  'img',
  'smtp',
  'imap',
  'pop',
  'pop3',
  'ftp',
  'webmail',
  'mx',
  'ns',
  'ns1',
  'ns2',
  'dns',
  'autoconfig',
  'autodiscover',
  'postmaster',
  'hostmaster',
  'webmaster',
  'abuse',
  'security',
  'noreply',
  'no-reply',
  'localhost',
  'root',
  'staging',
  'dev',
  'test',
]);

export const SLUG_MAX = 63;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Letters of other scripts that look like Latin ones (Cyrillic, Greek, a few symbols): `dеmo` with
 * a Cyrillic е is `demo`, so nobody takes an address that reads like another restaurant's.
 * Unicode's confusables list, cut to the letters that fold to a-z.
 */
const CONFUSABLES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ı: 'i',
  ȷ: 'j',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ϲ: 'c',
  ϳ: 'j',
  ℓ: 'l',
  '\u212A': 'k',
  '\u212B': 'a',
};
/** Letters NFKD leaves whole: written out as Latin letters. */
const WHOLE: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ħ: 'h' };

/**
 * What a typed address or name becomes: NFKC (full-width and compatibility forms), lower case,
 * look-alike letters of other scripts folded, accents removed (NFKD without combining marks),
 * every run of other characters one hyphen, no hyphen at either end, at most 63 characters.
 * `Trattoria Dà Mario` → `trattoria-da-mario`; `ｄｅｍｏ` and `dеmo` (Cyrillic е) → `demo`.
 */
export function normalizeSlug(typed: string): string {
  const folded = [...typed.normalize('NFKC').toLowerCase()]
    .map((ch) => CONFUSABLES[ch] ?? WHOLE[ch] ?? ch)
    .join('')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
  return folded
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

export type SlugProblem = 'slug_empty' | 'slug_invalid' | 'slug_reserved';

/**
 * What is wrong with an address word as it stands, or undefined. `xn--` words (and any with
 * hyphens in the 3rd and 4th place, which IDNA keeps for itself) are refused: a browser would show
 * them as other letters.
 */
export function slugProblem(slug: string): SlugProblem | undefined {
  if (slug === '') return 'slug_empty';
  if (!SLUG.test(slug) || slug.slice(2, 4) === '--') return 'slug_invalid';
  if (RESERVED_SLUGS.has(slug)) return 'slug_reserved';
  return undefined;
}
