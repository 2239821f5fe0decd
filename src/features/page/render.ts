// Renders the public menu page (server-side HTML, no framework): the same data as GET /menu,
// themed with the restaurant's colours, readable and filterable without JavaScript, and the
// same page laid out for A4 paper (`print`).
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { attrs, type Html, html, join, raw, withoutBidiControls } from '../../http/html.js';
import { cssUrl, isAllowedFontUrl, isSafeHttpUrl } from '../../http/urls.js';
import { LOCALES, type Locale } from '../../i18n/locales.js';
import { DEFAULT_CURRENCY, formatPrice, machinePrice } from '../../i18n/money.js';
import { ALLERGEN_KEYS, allergenName } from '../../resources/allergens/data.js';
import type { MenuSection } from '../../resources/categories/schema.js';
import { DIETARY_KEYS, dietaryName } from '../../resources/dietary/data.js';
import type { MenuItem } from '../../resources/items/schema.js';
import { type ImageRef, imageSrcsets, mediaName, parseImageRef } from '../../resources/media/urls.js';
import type { OpeningHours } from '../../resources/settings/hours.js';
import type { MenuData } from '../menu/compose.js';
import { readableOn } from './colors.js';
import { bundledFont, fontFaces, fontPreloads } from './fonts.js';
import { HEAD_SCRIPT, MENU_SCRIPT_URL } from './menu-script.js';
import { dishOptions, menuAddOnLd, optionsUnderFilter } from './options.js';
import { PAGE_CSS } from './styles.js';
import { type PageTexts, pageTexts } from './texts.js';

export interface PageFilter {
  /** Allergen keys: dishes containing any of them are not rendered. */
  exclude: string[];
  /** Dietary keys: only dishes carrying all of them are rendered. */
  diet: string[];
  /** Hide also the dishes that may contain an excluded allergen as traces. */
  traces?: boolean;
}

export interface PageInput {
  data: MenuData;
  locale: Locale;
  images: { logo: ImageRef | null; cover: ImageRef | null; dishes: Map<number, ImageRef> };
  filter: PageFilter;
  /** The restaurant's public address (JSON-LD, Open Graph, canonical link). */
  address: string;
  print?: boolean;
  /** false: no script at all, not even JSON-LD (the panel's theme preview, whose policy forbids scripts). */
  scripts?: boolean;
  /** The state it shows (features/menu/live.ts stateId): the live stream's events are compared with it. */
  state?: string;
}

/** The stored images the page shows (srcsets need the widths made, which the API's URLs do not carry). */
export function pageImages(snapshot: MenuSnapshot): PageInput['images'] {
  const dishes = new Map<number, ImageRef>();
  for (const list of snapshot.items.values()) {
    for (const item of list) {
      const ref = parseImageRef(item.image);
      if (ref) dishes.set(item.id, ref);
    }
  }
  return {
    logo: parseImageRef(snapshot.settings.logo_image),
    cover: parseImageRef(snapshot.settings.cover_image),
    dishes,
  };
}

/** `?exclude=` / `?diet=` as the form sends them (repeated) or as links write them (comma-separated). */
export function parseFilter(query: Record<string, unknown>): PageFilter {
  const list = (value: unknown, known: readonly string[]) => {
    const sent = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    const keys = new Set(sent.flatMap((v) => v.split(',')).map((v) => v.trim()));
    return known.filter((k) => keys.has(k));
  };
  return {
    exclude: list(query.exclude, ALLERGEN_KEYS),
    diet: list(query.diet, DIETARY_KEYS),
    traces: query.traces === '1',
  };
}

// Stored values are checked again here: rows written before the stricter rules stay harmless.
const isHttpUrl = (u: string) => isSafeHttpUrl(u);
const isShown = (u: string | null): u is string => !!u && (isHttpUrl(u) || u.startsWith('/media/'));
const HEX = /^#[0-9A-Fa-f]{6}$/;
const LENGTH = /^(0|[0-9]+(\.[0-9]+)?(px|rem|em|%|vh|vw))$/;
const safeFont = (f: string) => f.replace(/[^A-Za-z0-9 ,'"-]/g, '');
/** JSON inside <script>: nothing in it may close the element; no bidirectional control (as on the page). */
const scriptJson = (value: unknown) => withoutBidiControls(JSON.stringify(value)).replace(/</g, '\\u003c');

/** The EU number of an allergen (1..14, the regulation's order) used as its icon. */
const allergenNumber = (key: string) => ALLERGEN_KEYS.indexOf(key) + 1;

export function keepDish(item: MenuItem, filter: PageFilter): boolean {
  if (filter.exclude.some((k) => item.allergens.includes(k))) return false;
  if (filter.traces && filter.exclude.some((k) => item.allergen_traces.includes(k))) return false;
  // An excluded allergen only in options the diner can leave out keeps the dish ("ask without").
  if (!optionsUnderFilter(item, filter).avoidable) return false;
  return filter.diet.every((k) => item.dietary.includes(k));
}

interface Ctx {
  locale: Locale;
  t: PageTexts;
  currency: string;
  recommendedLabel: string;
  images: PageInput['images'];
  filter: PageFilter;
  print: boolean;
  /** Sections that are set menus (their sub-sections belong to the offer too): dishes there show no price of their own. */
  setMenus: Set<number>;
}

/** Whether a section is part of a set menu: a set menu itself, or a sub-section of one. */
const inSetMenu = (s: MenuSection, c: Ctx) =>
  c.setMenus.has(s.id) || (s.parent_id !== null && c.setMenus.has(s.parent_id));

function picture(ref: ImageRef): Html {
  const s = imageSrcsets(ref);
  const avif = s.avif ? html`<source type="image/avif" srcset="${s.avif}" sizes="72px">` : '';
  return html`<picture class="thumb">${avif}<source type="${s.type}" srcset="${s.modern}" sizes="72px"><img src="${s.src}" srcset="${s.jpeg}" sizes="72px" width="72" height="72" loading="lazy" decoding="async" alt=""></picture>`;
}

/**
 * The dish's photo at a useful size once the dish is opened: the page's width on a phone, at most
 * the column's (44rem) on a wide screen; AVIF, then WebP, then JPEG. Inside the closed <details>
 * it is not rendered, so the lazy image costs nothing until a diner taps the dish.
 */
const PHOTO_SIZES = '(min-width: 46rem) 44rem, calc(100vw - 2rem)';
function photo(ref: ImageRef, name: string): Html {
  const s = imageSrcsets(ref);
  const avif = s.avif ? html`<source type="image/avif" srcset="${s.avif}" sizes="${PHOTO_SIZES}">` : '';
  const fallback = `/media/${mediaName(ref.key, ref.widths.find((w) => w >= 640) ?? Math.max(...ref.widths), 'jpg')}`;
  return html`<picture class="photo">${avif}<source type="${s.type}" srcset="${s.modern}" sizes="${PHOTO_SIZES}"><img src="${fallback}" srcset="${s.jpeg}" sizes="${PHOTO_SIZES}" width="640" height="480" loading="lazy" decoding="async" alt="${name}"></picture>`;
}

const allergenIcon = (key: string) => html`<span class="n" aria-hidden="true">${allergenNumber(key)}</span>`;

function tags(item: MenuItem, c: Ctx): Html {
  const allergens = item.allergens
    .filter((k) => allergenNumber(k) > 0)
    .map(
      (k) =>
        html`<li class="al" data-allergen="${k}">${allergenIcon(k)}${c.t.short[k] ?? allergenName(k, c.locale)}</li>`,
    );
  const diet = item.dietary.map((k) => html`<li class="diet">${dietaryName(k, c.locale)}</li>`);
  const label = item.allergens.length === 0 ? c.t.noAllergens : c.t.allergens;
  const traces = item.allergen_traces
    .filter((k) => allergenNumber(k) > 0)
    .map((k) => c.t.short[k] ?? allergenName(k, c.locale));
  return html`<ul class="tags" aria-label="${label}">${allergens}${diet}</ul>${
    item.allergens.length === 0 ? html`<p class="sr">${c.t.noAllergens}</p>` : ''
  }${traces.length > 0 ? html`<p class="traces">${c.t.mayContain}: ${traces.join(', ')}</p>` : ''}`;
}

/**
 * The price, or each variant's label and price, one under the other (a phone wrapped "glass €6 ·
 * bottle €28" into a line starting with "·"); the separator is there for text without styles.
 */
function prices(item: MenuItem, c: Ctx): Html {
  if (item.variants.length === 0)
    return html`<span class="price">${formatPrice(item.price, c.locale, c.currency)}</span>`;
  const each = item.variants.map(
    (v) =>
      html`<span class="variant">${v.label} <span class="price">${formatPrice(v.price, c.locale, c.currency)}</span></span>`,
  );
  return html`<span class="variants">${join(each, html`<span class="sep"> · </span>`)}</span>`;
}

function dish(item: MenuItem, c: Ctx, inSet = false): Html {
  const winery = item.winery
    ? html`<p class="winery">${item.winery.name}${item.winery.region ? ` · ${item.winery.region}` : ''}</p>`
    : '';
  const image = c.images.dishes.get(item.id);
  return html`<li${attrs({ class: ['dish', item.sold_out && 'sold-out'] })} data-item-id="${item.id}" data-allergens="${item.allergens.join(' ')}" data-traces="${item.allergen_traces.join(' ')}" data-dietary="${item.dietary.join(' ')}"><details${attrs({ open: c.print })}><summary>${
    image && !c.print ? picture(image) : ''
  }<span class="name">${item.name}</span>${
    item.is_recommended ? html` <span class="badge">${c.recommendedLabel}</span>` : ''
  }${item.sold_out ? html` <span class="badge sold-out-mark">${c.t.soldOut}</span>` : ''}${inSet ? '' : prices(item, c)}</summary>${
    image && !c.print ? photo(image, item.name) : ''
  }${item.description ? html`<p class="description">${item.description}</p>` : ''}${winery}</details>${dishOptions(
    item,
    c.locale,
    c.currency,
    c.t,
    c.filter,
  )}${tags(item, c)}</li>`;
}

/** A section of the page; undefined when the filter hides every one of its dishes. */
function section(s: MenuSection, c: Ctx): Html | undefined {
  const level = s.parent_id === null ? 2 : 3;
  const items = s.items.filter((i) => keepDish(i, c.filter));
  // A section whose every dish the filter hides is left out (its sub-sections are their own sections).
  if (items.length === 0 && s.items.length > 0) return undefined;
  // A set menu's dishes are its choices: the price is the offer's, in the heading.
  const inSet = inSetMenu(s, c);
  const list = (dishes: MenuItem[]) => html`<ul>${dishes.map((i) => dish(i, c, inSet))}</ul>`;
  let body: Html | '';
  if (s.show_subcategories && s.types.length > 0) {
    const groups = s.types.map((type) => {
      const own = items.filter((i) => i.type_id === type.id);
      return own.length === 0 ? '' : html`<h${level + 1}>${type.name}</h${level + 1}>${list(own)}`;
    });
    const loose = items.filter((i) => !s.types.some((type) => type.id === i.type_id));
    body = html`${groups}${loose.length > 0 ? list(loose) : ''}`;
  } else {
    body = items.length > 0 ? list(items) : '';
  }
  const setPrice =
    s.set_price === null
      ? ''
      : html` <span class="set-price">— ${formatPrice(s.set_price, c.locale, c.currency)}</span>`;
  return html`<section id="s-${s.id}" class="${s.parent_id === null ? 'top' : 'sub'} ${s.menu_type}${s.set_price === null ? '' : ' set-menu'}" data-section-id="${s.id}"><h${level}>${s.name}${setPrice}</h${level}>${
    s.notes ? html`<p class="notes">${s.notes}</p>` : ''
  }${s.set_price === null ? '' : html`<p class="set-choices">${c.t.setChoices}</p>`}${body}</section>`;
}

/** How many allergen and diet filters are on (the filter button says it). */
const activeFilters = (filter: PageFilter) => filter.exclude.length + filter.diet.length;

function filterForm(c: Ctx): Html {
  const { t } = c;
  const box = (name: string, key: string, label: string, checked: boolean, icon: Html | '' = '') =>
    html`<label><input${attrs({ type: 'checkbox', name, value: key, checked })}>${icon}${label}</label>`;
  const allergens = ALLERGEN_KEYS.map((k) =>
    box('exclude', k, t.short[k] ?? allergenName(k, c.locale), c.filter.exclude.includes(k), allergenIcon(k)),
  );
  const diets = DIETARY_KEYS.map((k) => box('diet', k, dietaryName(k, c.locale), c.filter.diet.includes(k)));
  return html`<form class="filter" method="get" action="/" data-hidden-text="${t.hidden}"><input type="hidden" name="lang" value="${c.locale}"><fieldset><legend>${t.hideContaining}</legend>${allergens}${box('traces', '1', t.hideTraces, c.filter.traces === true)}</fieldset><fieldset><legend>${t.onlyDietary}</legend>${diets}</fieldset><button type="submit">${t.apply}</button><a class="reset" href="?lang=${c.locale}">${t.reset}</a></form>`;
}

/**
 * The search and, behind one button, the allergen note and the filters: a <details> whose summary
 * says how many filters are on (a native disclosure: Enter and Space open and close it, its state
 * is announced, it works without script). How many dishes the filter hides is said under it.
 */
function tools(c: Ctx, settings: MenuData['settings'], search: Html | '', hiddenCount: number): Html {
  const { t } = c;
  const info = html`<h2 id="allergens-h">${t.allergenHeading}</h2>${settings.allergen_info ? html`<p>${settings.allergen_info}</p>` : ''}`;
  if (c.print) return html`<section class="info" id="allergens" aria-labelledby="allergens-h">${info}</section>`;
  const active = activeFilters(c.filter);
  return html`<div class="tools">${search}<details class="filters" id="allergens"><summary><span class="filters-label">${t.filters}</span> <span class="count" data-text="${t.active}">${
    active > 0 ? t.active.replace('{n}', String(active)) : ''
  }</span></summary><section class="info" aria-labelledby="allergens-h">${info}${filterForm(c)}</section></details><p class="status filter-status" role="status">${
    hiddenCount > 0 ? t.hidden.replace('{n}', String(hiddenCount)) : ''
  }</p></div>`;
}

function jsonLd(input: PageInput, sections: MenuSection[]): Html {
  const { settings } = input.data;
  const image = (ref: ImageRef | null) =>
    ref ? `${input.address}/media/${mediaName(ref.key, Math.max(...ref.widths), 'jpg')}` : undefined;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: settings.name,
    url: `${input.address}/`,
    ...(settings.address ? { address: settings.address } : {}),
    ...(settings.phone ? { telephone: settings.phone } : {}),
    ...(settings.email ? { email: settings.email } : {}),
    ...(image(input.images.logo) ? { logo: image(input.images.logo) } : {}),
    ...(image(input.images.cover) ? { image: image(input.images.cover) } : {}),
    ...openingHoursLd(settings.opening_hours),
    hasMenu: {
      '@type': 'Menu',
      inLanguage: input.locale,
      hasMenuSection: sections.map((s) => ({
        '@type': 'MenuSection',
        name: s.name,
        // A set menu is one offer: its price on the section, its notes saying what it includes.
        ...(s.set_price === null
          ? {}
          : {
              offers: {
                '@type': 'Offer',
                price: machinePrice(s.set_price),
                priceCurrency: settings.currency,
                ...(s.notes ? { description: s.notes } : {}),
              },
            }),
        hasMenuItem: s.items.map((i) => ({
          '@type': 'MenuItem',
          name: i.name,
          ...(i.description ? { description: i.description } : {}),
          ...itemOffers(i, s, sections, settings.currency),
          ...(i.dietary.includes('vegan') ? { suitableForDiet: 'https://schema.org/VeganDiet' } : {}),

          ...(i.dietary.includes('vegetarian') && !i.dietary.includes('vegan')
            ? { suitableForDiet: 'https://schema.org/VegetarianDiet' }
            : {}),
          ...(i.dietary.includes('gluten_free') ? { suitableForDiet: 'https://schema.org/GlutenFreeDiet' } : {}),
          ...menuAddOnLd(i, settings.currency),
        })),
      })),
    },
  };
  // scriptJson leaves nothing that could close the element: trusted markup.
  return raw(`<script type="application/ld+json">${scriptJson(data)}</script>`);
}

/** A dish's own offers; none inside a set menu, whose offer is the section's. */
function itemOffers(i: MenuItem, s: MenuSection, sections: MenuSection[], currency: string) {
  const parent = s.parent_id === null ? undefined : sections.find((p) => p.id === s.parent_id);
  if (s.set_price !== null || (parent && parent.set_price !== null)) return {};
  return {
    offers:
      i.variants.length > 0
        ? i.variants.map((v) => ({
            '@type': 'Offer',
            name: v.label,
            price: machinePrice(v.price),
            priceCurrency: currency,
          }))
        : { '@type': 'Offer', price: machinePrice(i.price), priceCurrency: currency },
  };
}

const LD_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** schema.org's opening hours: a spec per weekly range, and the exceptions (closed = 00:00–00:00). */
function openingHoursLd(hours: OpeningHours) {
  const spec = (extra: object, r: { opens: string; closes: string }) => ({
    '@type': 'OpeningHoursSpecification',
    ...extra,
    opens: r.opens,
    closes: r.closes,
  });
  const weekly = hours.weekly.flatMap((d) =>
    d.ranges.map((r) => spec({ dayOfWeek: `https://schema.org/${LD_DAYS[d.weekday - 1]}` }, r)),
  );
  const special = hours.exceptions.flatMap((e) =>
    (e.ranges.length > 0 ? e.ranges : [{ opens: '00:00', closes: '00:00' }]).map((r) =>
      spec({ validFrom: e.date, validThrough: e.date }, r),
    ),
  );
  return {
    ...(weekly.length > 0 ? { openingHoursSpecification: weekly } : {}),
    ...(special.length > 0 ? { specialOpeningHoursSpecification: special } : {}),
  };
}

/** The week's hours in the diner's language (Monday first), and a line the page script fills with "open now". */
function hoursSection(settings: MenuData['settings'], c: Ctx): Html | '' {
  const hours = settings.opening_hours;
  if (hours.weekly.length === 0 && hours.exceptions.length === 0) return '';
  const dayName = (weekday: number) =>
    new Intl.DateTimeFormat(c.locale, { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, weekday)),
    );
  const dateName = (date: string) =>
    new Intl.DateTimeFormat(c.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  const ranges = (list: { opens: string; closes: string }[]) =>
    list.length === 0 ? c.t.closed : list.map((r) => `${r.opens}–${r.closes}`).join(', ');
  const rows = [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const day = hours.weekly.find((d) => d.weekday === weekday);
    return html`<tr><th scope="row">${dayName(weekday)}</th><td>${ranges(day?.ranges ?? [])}</td></tr>`;
  });
  const exceptions = hours.exceptions.map(
    (e) => html`<tr><th scope="row">${dateName(e.date)}</th><td>${ranges(e.ranges)}</td></tr>`,
  );
  const texts = { openUntil: c.t.openUntil, opensAt: c.t.opensAt, closedToday: c.t.closedToday };
  return html`<section class="hours" aria-labelledby="hours-h"><h2 id="hours-h">${c.t.hoursHeading}</h2>${
    c.print
      ? ''
      : html`<p class="open-now" role="status" data-tz="${settings.timezone}" data-hours="${JSON.stringify(hours)}" data-texts="${JSON.stringify(texts)}"></p>`
  }<table><tbody>${rows}${exceptions}</tbody></table></section>`;
}

function favicon(input: PageInput, primary: string, onPrimary: string): string {
  const logo = input.images.logo;
  if (logo) return `/media/${mediaName(logo.key, Math.min(...logo.widths), 'jpg')}`;
  const letter = (input.data.settings.name.trim()[0] ?? 'M').toUpperCase();
  const svg = html`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${primary}"/><text x="32" y="44" font-size="36" font-family="Georgia,serif" text-anchor="middle" fill="${onPrimary}">${letter}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg.toString())}`;
}

export function renderMenuPage(input: PageInput): Html {
  const { data, locale } = input;
  const { settings, theme, sections } = data;
  const t = pageTexts[locale];
  const color = (c: string, fallback: string) => (HEX.test(c) ? c.toUpperCase() : fallback);
  const bg = color(theme.background_color, '#FFFFFF');
  const text = readableOn(bg, color(theme.text_color, '#222222'));
  const primary = color(theme.primary_color, '#8B1E3F');
  const secondary = color(theme.secondary_color, '#3C1518');
  const accent = color(theme.accent_color, '#D4A373');
  const c: Ctx = {
    locale,
    t,
    currency: settings.currency || DEFAULT_CURRENCY,
    recommendedLabel: settings.recommended_label || t.recommended,
    images: input.images,
    filter: input.filter,
    print: input.print === true,
    setMenus: new Set(sections.filter((s) => s.set_price !== null).map((s) => s.id)),
  };
  const languages = settings.supported_locales.filter((l): l is Locale => (LOCALES as readonly string[]).includes(l));
  const rendered = sections
    .map((s) => ({ s, html: section(s, c) }))
    .filter((r): r is { s: MenuSection; html: Html } => r.html !== undefined);
  const top = rendered.filter((r) => r.s.parent_id === null).map((r) => r.s);
  const hiddenCount = sections.reduce((n, s) => n + s.items.filter((i) => !keepDish(i, c.filter)).length, 0);
  const cover = input.images.cover;
  const coverCss = cover
    ? `--cover:url('/media/${mediaName(cover.key, cover.widths[0], cover.modern)}')`
    : isHttpUrl(settings.cover_image_url ?? '')
      ? `--cover:${cssUrl(settings.cover_image_url ?? '')}`
      : '';
  const withCover = theme.header_style === 'cover' && coverCss !== '';
  const logoRef = input.images.logo;
  const logo =
    theme.header_style === 'minimal'
      ? ''
      : logoRef
        ? html`<img class="logo" src="/media/${mediaName(logoRef.key, logoRef.widths[Math.min(1, logoRef.widths.length - 1)], 'jpg')}" alt="" width="72" height="72">`
        : isShown(settings.logo_url) && isHttpUrl(settings.logo_url)
          ? html`<img class="logo" src="${settings.logo_url}" alt="" width="72" height="72">`
          : '';
  const description = t.description
    .replace('{name}', settings.name)
    .replace('{sections}', top.map((s) => s.name).join(', '))
    .replace('{languages}', String(languages.length));
  const query = (l: Locale) => {
    const parts = [`lang=${l}`];
    if (input.filter.exclude.length > 0) parts.push(`exclude=${input.filter.exclude.join(',')}`);
    if (input.filter.diet.length > 0) parts.push(`diet=${input.filter.diet.join(',')}`);
    return `?${parts.join('&')}`;
  };
  const ogImage = cover ? `${input.address}/media/${mediaName(cover.key, Math.max(...cover.widths), 'jpg')}` : '';
  // Every value in the stylesheet is checked above (HEX, LENGTH, safeFont, cssUrl): it is inserted
  // as trusted text, since entities mean nothing inside <style>.
  const radius = LENGTH.test(theme.border_radius) ? theme.border_radius : '8px';
  const font = safeFont(theme.font_family) || 'Georgia, serif';
  // A bundled family is served by the app (fonts.ts): its faces declared here, its files preloaded.
  const bundled = bundledFont(font);
  const style = raw(`<style>
${bundled ? fontFaces(bundled) : ''}
:root{--primary:${primary};--secondary:${secondary};--accent:${accent};--bg:${bg};--text:${text};--link:${readableOn(bg, primary, text)};--heading2:${readableOn(bg, secondary, text)};--on-primary:${readableOn(primary, '#FFFFFF')};--on-secondary:${readableOn(secondary, '#FFFFFF')};--on-accent:${readableOn(accent, secondary, text)};--radius:${radius};--font:${font}${coverCss ? `;${coverCss}` : ''}}
${PAGE_CSS}
</style>`);
  const languageNav =
    languages.length > 1 && !c.print
      ? html`<nav class="languages" aria-label="${t.language}">${languages.map(
          (l) =>
            html`<a href="${query(l)}" hreflang="${l}" lang="${l}"${attrs({ 'aria-current': l === locale ? 'true' : undefined })}>${l.toUpperCase()}</a>`,
        )}</nav>`
      : '';
  const sectionNav = c.print
    ? ''
    : html`<nav class="sections" aria-label="${t.menu}">${top.map((s) => html`<a href="#s-${s.id}">${s.name}</a>`)}</nav>`;
  const search = c.print
    ? ''
    : html`<label class="sr" for="menu-search">${t.search}</label><input class="search" id="menu-search" type="search" placeholder="${t.search}" autocomplete="off" data-no-match="${t.noMatch}"><p class="status" id="search-status" role="status"></p>`;
  const contact = join(
    [
      settings.business_name,
      settings.vat_number ? `${t.vat} ${settings.vat_number}` : '',
      settings.address,
      settings.phone,
      settings.email,
    ],
    ' · ',
  );
  return html`<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${c.print || input.scripts === false ? '' : raw(`<script>${HEAD_SCRIPT}</script>`)}
<title>${settings.name} · ${t.menu}</title>
<meta name="description" content="${description}">
<link rel="icon" href="${favicon(input, primary, readableOn(primary, '#FFFFFF'))}">
<link rel="canonical" href="${`${input.address}/${input.print ? 'print' : ''}?lang=${locale}`}">
${join(
  languages.map((l) => html`<link rel="alternate" hreflang="${l}" href="${`${input.address}/?lang=${l}`}">`),
  '\n',
)}
<meta property="og:type" content="restaurant.menu">
<meta property="og:title" content="${`${settings.name} · ${t.menu}`}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${`${input.address}/?lang=${locale}`}">
<meta property="og:locale" content="${locale}">
${ogImage ? html`<meta property="og:image" content="${ogImage}">` : ''}
<meta name="theme-color" content="${secondary}">
${
  // The cover is the first screen's largest paint: asked for with the page, not after the style is read.
  withCover && cover && !input.print
    ? html`<link rel="preload" href="${`/media/${mediaName(cover.key, cover.widths[0], cover.modern)}`}" as="image" fetchpriority="high">`
    : ''
}
${
  bundled
    ? join(
        fontPreloads(bundled).map(
          (href) => html`<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`,
        ),
        '\n',
      )
    : isAllowedFontUrl(theme.font_url) && theme.font_url.startsWith('https://')
      ? html`<link rel="stylesheet" href="${theme.font_url}">`
      : ''
}
${style}
${input.scripts === false ? '' : jsonLd(input, sections)}
</head>
<body class="layout-${theme.layout_variant} header-${theme.header_style}${c.print ? ' print' : ''}" data-locale="${locale}"${attrs({ 'data-state': input.state, 'data-live': c.print ? undefined : JSON.stringify(t.live) })}>
<header${attrs({ class: withCover && 'cover' })}>${logo}<h1>${settings.name}</h1>${settings.cover_charge_text ? html`<p>${settings.cover_charge_text}</p>` : ''}</header>
${languageNav}
${sectionNav}
<main>
${tools(c, settings, search, hiddenCount)}
${sections.length === 0 ? html`<p class="empty">${t.empty}</p>` : rendered.map((r) => r.html)}
${hoursSection(settings, c)}
</main>
<footer><h2>${t.legend}</h2><ol class="legend">${ALLERGEN_KEYS.map(
    (k) => html`<li>${allergenIcon(k)} ${allergenName(k, locale)}</li>`,
  )}</ol><p>${contact}</p>${
    isHttpUrl(settings.review_url) && !c.print
      ? html`<p><a href="${settings.review_url}" rel="noopener">${t.reviews}</a></p>`
      : ''
  }${c.print ? '' : html`<p class="print-link"><a href="/print?lang=${locale}">${t.print}</a></p>`}${
    theme.footer_text ? html`<p>${theme.footer_text}</p>` : ''
  }</footer>
${c.print || input.scripts === false ? '' : raw(`<script src="${MENU_SCRIPT_URL}" defer></script>`)}
</body>
</html>
`;
}
