// Renders the public menu page (server-side HTML, no framework): the same data as GET /menu,
// themed with the restaurant's colours, readable and filterable without JavaScript, and the
// same page laid out for A4 paper (`print`).
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { esc } from '../../http/html.js';
import { cssUrl, isAllowedFontUrl, isSafeHttpUrl } from '../../http/urls.js';
import { LOCALES, type Locale } from '../../i18n/locales.js';
import { formatPrice, machinePrice } from '../../i18n/money.js';
import { ALLERGEN_KEYS, allergenName } from '../../resources/allergens/data.js';
import type { MenuSection } from '../../resources/categories/schema.js';
import { DIETARY_KEYS, dietaryName } from '../../resources/dietary/data.js';
import type { MenuItem } from '../../resources/items/schema.js';
import { type ImageRef, imageSrcsets, mediaName, parseImageRef } from '../../resources/media/urls.js';
import type { MenuData } from '../menu/compose.js';
import { readableOn } from './colors.js';
import { PAGE_CSS } from './styles.js';
import { type PageTexts, pageTexts } from './texts.js';

export interface PageFilter {
  /** Allergen keys: dishes containing any of them are not rendered. */
  exclude: string[];
  /** Dietary keys: only dishes carrying all of them are rendered. */
  diet: string[];
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
    const raw = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    const keys = new Set(raw.flatMap((v) => v.split(',')).map((v) => v.trim()));
    return known.filter((k) => keys.has(k));
  };
  return { exclude: list(query.exclude, ALLERGEN_KEYS), diet: list(query.diet, DIETARY_KEYS) };
}

// Stored values are checked again here: rows written before the stricter rules stay harmless.
const isHttpUrl = (u: string) => isSafeHttpUrl(u);
const isShown = (u: string | null): u is string => !!u && (isHttpUrl(u) || u.startsWith('/media/'));
const HEX = /^#[0-9A-Fa-f]{6}$/;
const LENGTH = /^(0|[0-9]+(\.[0-9]+)?(px|rem|em|%|vh|vw))$/;
const safeFont = (f: string) => f.replace(/[^A-Za-z0-9 ,'"-]/g, '');
/** JSON inside <script>: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The EU number of an allergen (1..14, the regulation's order) used as its icon. */
const allergenNumber = (key: string) => ALLERGEN_KEYS.indexOf(key) + 1;

export function keepDish(item: MenuItem, filter: PageFilter): boolean {
  if (filter.exclude.some((k) => item.allergens.includes(k))) return false;
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
}

function picture(ref: ImageRef): string {
  const s = imageSrcsets(ref);
  return `<picture class="thumb"><source type="${s.type}" srcset="${s.modern}" sizes="72px"><img src="${s.src}" srcset="${s.jpeg}" sizes="72px" width="72" height="72" loading="lazy" decoding="async" alt=""></picture>`;
}

function tags(item: MenuItem, c: Ctx): string {
  const allergens = item.allergens
    .filter((k) => allergenNumber(k) > 0)
    .map(
      (k) =>
        `<li class="al" data-allergen="${esc(k)}"><span class="n" aria-hidden="true">${allergenNumber(k)}</span>${esc(c.t.short[k] ?? allergenName(k, c.locale))}</li>`,
    )
    .join('');
  const diet = item.dietary.map((k) => `<li class="diet">${esc(dietaryName(k, c.locale))}</li>`).join('');
  const label = item.allergens.length === 0 ? c.t.noAllergens : c.t.allergens;
  return `<ul class="tags" aria-label="${esc(label)}">${allergens}${diet}</ul>${
    item.allergens.length === 0 ? `<p class="sr">${esc(c.t.noAllergens)}</p>` : ''
  }`;
}

function dish(item: MenuItem, c: Ctx): string {
  const winery = item.winery
    ? `<p class="winery">${esc(item.winery.name)}${item.winery.region ? ` · ${esc(item.winery.region)}` : ''}</p>`
    : '';
  const image = c.images.dishes.get(item.id);
  return `<li class="dish" data-item-id="${item.id}" data-allergens="${esc(item.allergens.join(' '))}" data-dietary="${esc(item.dietary.join(' '))}"><details${c.print ? ' open' : ''}><summary>${
    image && !c.print ? picture(image) : ''
  }<span class="name">${esc(item.name)}</span>${
    item.is_recommended ? ` <span class="badge">${esc(c.recommendedLabel)}</span>` : ''
  }<span class="price">${esc(formatPrice(item.price, c.locale, c.currency))}</span></summary>${
    item.description ? `<p class="description">${esc(item.description)}</p>` : ''
  }${winery}</details>${tags(item, c)}</li>`;
}

function section(s: MenuSection, c: Ctx): string {
  const level = s.parent_id === null ? 2 : 3;
  const items = s.items.filter((i) => keepDish(i, c.filter));
  // A section whose every dish the filter hides is left out (its sub-sections are their own sections).
  if (items.length === 0 && s.items.length > 0) return '';
  const list = (dishes: MenuItem[]) => `<ul>${dishes.map((i) => dish(i, c)).join('')}</ul>`;
  let body: string;
  if (s.show_subcategories && s.types.length > 0) {
    const groups = s.types
      .map((type) => {
        const own = items.filter((i) => i.type_id === type.id);
        return own.length === 0 ? '' : `<h${level + 1}>${esc(type.name)}</h${level + 1}>${list(own)}`;
      })
      .join('');
    const loose = items.filter((i) => !s.types.some((type) => type.id === i.type_id));
    body = groups + (loose.length > 0 ? list(loose) : '');
  } else {
    body = items.length > 0 ? list(items) : '';
  }
  return `<section id="s-${s.id}" class="${s.parent_id === null ? 'top' : 'sub'} ${s.menu_type}" data-section-id="${s.id}"><h${level}>${esc(s.name)}</h${level}>${
    s.notes ? `<p class="notes">${esc(s.notes)}</p>` : ''
  }${body}</section>`;
}

function filterForm(c: Ctx, hiddenCount: number): string {
  const { t } = c;
  const box = (name: string, key: string, label: string, checked: boolean, icon = '') =>
    `<label><input type="checkbox" name="${name}" value="${esc(key)}"${checked ? ' checked' : ''}>${icon}${esc(label)}</label>`;
  return `<form class="filter" method="get" action="/" data-hidden-text="${esc(t.hidden)}"><input type="hidden" name="lang" value="${c.locale}"><fieldset><legend>${esc(t.hideContaining)}</legend>${ALLERGEN_KEYS.map(
    (k) =>
      box(
        'exclude',
        k,
        t.short[k] ?? allergenName(k, c.locale),
        c.filter.exclude.includes(k),
        `<span class="n" aria-hidden="true">${allergenNumber(k)}</span>`,
      ),
  ).join('')}</fieldset><fieldset><legend>${esc(t.onlyDietary)}</legend>${DIETARY_KEYS.map((k) =>
    box('diet', k, dietaryName(k, c.locale), c.filter.diet.includes(k)),
  ).join(
    '',
  )}</fieldset><button type="submit">${esc(t.apply)}</button><a class="reset" href="?lang=${c.locale}">${esc(t.reset)}</a></form><p class="status" role="status">${
    hiddenCount > 0 ? esc(t.hidden.replace('{n}', String(hiddenCount))) : ''
  }</p>`;
}

function jsonLd(input: PageInput, sections: MenuSection[]): string {
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
    hasMenu: {
      '@type': 'Menu',
      inLanguage: input.locale,
      hasMenuSection: sections.map((s) => ({
        '@type': 'MenuSection',
        name: s.name,
        hasMenuItem: s.items.map((i) => ({
          '@type': 'MenuItem',
          name: i.name,
          ...(i.description ? { description: i.description } : {}),
          offers: { '@type': 'Offer', price: machinePrice(i.price), priceCurrency: settings.currency },
          ...(i.dietary.includes('vegan') ? { suitableForDiet: 'https://schema.org/VeganDiet' } : {}),
          ...(i.dietary.includes('vegetarian') && !i.dietary.includes('vegan')
            ? { suitableForDiet: 'https://schema.org/VegetarianDiet' }
            : {}),
          ...(i.dietary.includes('gluten_free') ? { suitableForDiet: 'https://schema.org/GlutenFreeDiet' } : {}),
        })),
      })),
    },
  };
  return `<script type="application/ld+json">${scriptJson(data)}</script>`;
}

function favicon(input: PageInput, primary: string, onPrimary: string): string {
  const logo = input.images.logo;
  if (logo) return `/media/${mediaName(logo.key, Math.min(...logo.widths), 'jpg')}`;
  const letter = esc((input.data.settings.name.trim()[0] ?? 'M').toUpperCase());
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${primary}"/><text x="32" y="44" font-size="36" font-family="Georgia,serif" text-anchor="middle" fill="${onPrimary}">${letter}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function renderMenuPage(input: PageInput): string {
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
    currency: settings.currency || 'EUR',
    recommendedLabel: settings.recommended_label || t.recommended,
    images: input.images,
    filter: input.filter,
    print: input.print === true,
  };
  const languages = settings.supported_locales.filter((l): l is Locale => (LOCALES as readonly string[]).includes(l));
  const rendered = sections.map((s) => ({ s, html: section(s, c) })).filter((r) => r.html !== '');
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
        ? `<img class="logo" src="/media/${mediaName(logoRef.key, logoRef.widths[Math.min(1, logoRef.widths.length - 1)], 'jpg')}" alt="" width="72" height="72">`
        : isShown(settings.logo_url) && isHttpUrl(settings.logo_url)
          ? `<img class="logo" src="${esc(settings.logo_url)}" alt="" width="72" height="72">`
          : '';
  const description = t.description
    .replace('{name}', settings.name)
    .replace('{sections}', top.map((s) => s.name).join(', '))
    .replace('{languages}', String(languages.length));
  const query = (l: Locale) => {
    const parts = [`lang=${l}`];
    if (input.filter.exclude.length > 0) parts.push(`exclude=${input.filter.exclude.join(',')}`);
    if (input.filter.diet.length > 0) parts.push(`diet=${input.filter.diet.join(',')}`);
    return `?${parts.join('&amp;')}`;
  };
  const ogImage = cover ? `${input.address}/media/${mediaName(cover.key, Math.max(...cover.widths), 'jpg')}` : '';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(settings.name)} · ${esc(t.menu)}</title>
<meta name="description" content="${esc(description)}">
<link rel="icon" href="${esc(favicon(input, primary, readableOn(primary, '#FFFFFF')))}">
<link rel="canonical" href="${esc(`${input.address}/${input.print ? 'print' : ''}?lang=${locale}`)}">
${languages.map((l) => `<link rel="alternate" hreflang="${l}" href="${esc(`${input.address}/?lang=${l}`)}">`).join('\n')}
<meta property="og:type" content="restaurant.menu">
<meta property="og:title" content="${esc(`${settings.name} · ${t.menu}`)}">
<meta property="og:description" content="${esc(description)}">
<meta property="og:url" content="${esc(`${input.address}/?lang=${locale}`)}">
<meta property="og:locale" content="${locale}">
${ogImage ? `<meta property="og:image" content="${esc(ogImage)}">` : ''}
<meta name="theme-color" content="${secondary}">
${isAllowedFontUrl(theme.font_url) && theme.font_url.startsWith('https://') ? `<link rel="stylesheet" href="${esc(theme.font_url)}">` : ''}
<style>
:root{--primary:${primary};--secondary:${secondary};--accent:${accent};--bg:${bg};--text:${text};--link:${readableOn(bg, primary, text)};--heading2:${readableOn(bg, secondary, text)};--on-primary:${readableOn(primary, '#FFFFFF')};--on-secondary:${readableOn(secondary, '#FFFFFF')};--on-accent:${readableOn(accent, secondary, text)};--radius:${LENGTH.test(theme.border_radius) ? theme.border_radius : '8px'};--font:${safeFont(theme.font_family) || 'Georgia, serif'}${coverCss ? `;${coverCss}` : ''}}
${PAGE_CSS}
</style>
${input.scripts === false ? '' : jsonLd(input, sections)}
</head>
<body class="layout-${esc(theme.layout_variant)} header-${esc(theme.header_style)}${c.print ? ' print' : ''}" data-locale="${locale}">
<header${withCover ? ' class="cover"' : ''}>${logo}<h1>${esc(settings.name)}</h1>${settings.cover_charge_text ? `<p>${esc(settings.cover_charge_text)}</p>` : ''}</header>
${
  languages.length > 1 && !c.print
    ? `<nav class="languages" aria-label="${esc(t.language)}">${languages
        .map(
          (l) =>
            `<a href="${query(l)}" hreflang="${l}" lang="${l}"${l === locale ? ' aria-current="true"' : ''}>${l.toUpperCase()}</a>`,
        )
        .join('')}</nav>`
    : ''
}
${c.print ? '' : `<nav class="sections" aria-label="${esc(t.menu)}">${top.map((s) => `<a href="#s-${s.id}">${esc(s.name)}</a>`).join('')}</nav>`}
<main>
<section class="info" id="allergens" aria-labelledby="allergens-h"><h2 id="allergens-h">${esc(t.allergenHeading)}</h2>${
    settings.allergen_info ? `<p>${esc(settings.allergen_info)}</p>` : ''
  }${c.print ? '' : filterForm(c, hiddenCount)}</section>
${c.print ? '' : `<label class="sr" for="menu-search">${esc(t.search)}</label><input class="search" id="menu-search" type="search" placeholder="${esc(t.search)}" autocomplete="off" data-no-match="${esc(t.noMatch)}"><p class="status" id="search-status" role="status"></p>`}
${sections.length === 0 ? `<p>${esc(t.empty)}</p>` : rendered.map((r) => r.html).join('')}
</main>
<footer><h2>${esc(t.legend)}</h2><ol class="legend">${ALLERGEN_KEYS.map(
    (k) => `<li><span class="n" aria-hidden="true">${allergenNumber(k)}</span> ${esc(allergenName(k, locale))}</li>`,
  ).join('')}</ol><p>${[
    settings.business_name,
    settings.vat_number ? `${t.vat} ${settings.vat_number}` : '',
    settings.address,
    settings.phone,
    settings.email,
  ]
    .filter(Boolean)
    .map(esc)
    .join(' · ')}</p>${
    isHttpUrl(settings.review_url) && !c.print
      ? `<p><a href="${esc(settings.review_url)}" rel="noopener">${esc(t.reviews)}</a></p>`
      : ''
  }${c.print ? '' : `<p class="print-link"><a href="/print?lang=${locale}">${esc(t.print)}</a></p>`}${
    theme.footer_text ? `<p>${esc(theme.footer_text)}</p>` : ''
  }</footer>
${c.print || input.scripts === false ? '' : '<script src="/assets/menu.js" defer></script>'}
</body>
</html>
`;
}
