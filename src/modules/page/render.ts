// Renders the public menu page (server-side HTML, no framework): the same data as GET /menu,
// themed with the restaurant's colours, readable without JavaScript.
import { esc } from '../../http/html.js';
import { cssUrl, isAllowedFontUrl, isAllowedUrl } from '../../http/urls.js';
import { LOCALES, type Locale } from '../../i18n/locales.js';
import { allergenName } from '../allergens/data.js';
import type { MenuSection } from '../categories/schema.js';
import type { MenuItem } from '../items/schema.js';
import type { MenuData } from '../menu/compose.js';
import { pageTexts } from './texts.js';

const money = new Map<Locale, Intl.NumberFormat>();
function price(value: number, locale: Locale): string {
  let f = money.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    money.set(locale, f);
  }
  return f.format(value);
}

// Stored values are checked again here: rows written before the stricter rules stay harmless.
const isHttpUrl = (u: string) => isAllowedUrl(u);
const HEX = /^#[0-9A-Fa-f]{6}$/;
const LENGTH = /^(0|[0-9]+(\.[0-9]+)?(px|rem|em|%|vh|vw))$/;
const safeFont = (f: string) => f.replace(/[^A-Za-z0-9 ,'"-]/g, '');

function dish(item: MenuItem, locale: Locale, recommendedLabel: string): string {
  const t = pageTexts[locale];
  const allergens =
    item.allergens.length === 0
      ? t.noAllergens
      : `${t.allergens}: ${item.allergens.map((k) => esc(allergenName(k, locale))).join(', ')}`;
  const winery = item.winery
    ? `<p class="winery">${esc(item.winery.name)}${item.winery.region ? ` · ${esc(item.winery.region)}` : ''}</p>`
    : '';
  return `<li class="dish" data-item-id="${item.id}"><details><summary><span class="name">${esc(item.name)}</span>${
    item.is_recommended ? ` <span class="badge">${esc(recommendedLabel)}</span>` : ''
  }<span class="price">${esc(price(item.price, locale))}</span></summary>${
    item.description ? `<p class="description">${esc(item.description)}</p>` : ''
  }${winery}<p class="allergens">${allergens}</p></details></li>`;
}

function section(s: MenuSection, locale: Locale, recommendedLabel: string): string {
  const heading = s.parent_id === null ? 'h2' : 'h3';
  let body: string;
  if (s.show_subcategories && s.types.length > 0) {
    const groups = s.types
      .map((type) => {
        const items = s.items.filter((i) => i.type_id === type.id);
        return items.length === 0
          ? ''
          : `<h4>${esc(type.name)}</h4><ul>${items.map((i) => dish(i, locale, recommendedLabel)).join('')}</ul>`;
      })
      .join('');
    const loose = s.items.filter((i) => !s.types.some((type) => type.id === i.type_id));
    body =
      groups + (loose.length > 0 ? `<ul>${loose.map((i) => dish(i, locale, recommendedLabel)).join('')}</ul>` : '');
  } else {
    body = s.items.length > 0 ? `<ul>${s.items.map((i) => dish(i, locale, recommendedLabel)).join('')}</ul>` : '';
  }
  return `<section id="s-${s.id}" class="${s.parent_id === null ? 'top' : 'sub'} ${s.menu_type}" data-section-id="${s.id}"><${heading}>${esc(s.name)}</${heading}>${
    s.notes ? `<p class="notes">${esc(s.notes)}</p>` : ''
  }${body}</section>`;
}

export function renderMenuPage(data: MenuData, locale: Locale): string {
  const { settings, theme, sections } = data;
  const t = pageTexts[locale];
  const color = (c: string, fallback: string) => (HEX.test(c) ? c : fallback);
  const recommendedLabel = settings.recommended_label || t.recommended;
  const languages = settings.supported_locales.filter((l): l is Locale => (LOCALES as readonly string[]).includes(l));
  const top = sections.filter((s) => s.parent_id === null);
  const cover =
    theme.header_style === 'cover' && settings.cover_image_url && isHttpUrl(settings.cover_image_url)
      ? ` style="background-image:${esc(cssUrl(settings.cover_image_url))}"`
      : '';
  const logo =
    theme.header_style !== 'minimal' && isHttpUrl(settings.logo_url)
      ? `<img class="logo" src="${esc(settings.logo_url)}" alt="" width="72" height="72">`
      : '';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(settings.name)} · ${esc(t.menu)}</title>
${isAllowedFontUrl(theme.font_url) && theme.font_url.startsWith('https://') ? `<link rel="stylesheet" href="${esc(theme.font_url)}">` : ''}
<style>
:root{--primary:${color(theme.primary_color, '#8B1E3F')};--secondary:${color(theme.secondary_color, '#3C1518')};--accent:${color(theme.accent_color, '#D4A373')};--bg:${color(theme.background_color, '#FFFFFF')};--text:${color(theme.text_color, '#222222')};--radius:${LENGTH.test(theme.border_radius) ? theme.border_radius : '8px'};--font:${safeFont(theme.font_family) || 'Georgia, serif'}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font-family:var(--font);line-height:1.45}
header{background:var(--secondary) center/cover;color:#fff;padding:2rem 1rem 1.25rem;text-align:center}
header h1{margin:.25rem 0;font-size:1.9rem}header p{margin:.25rem 0;opacity:.9}.logo{border-radius:50%;background:#fff}
nav{display:flex;gap:.5rem;flex-wrap:wrap;justify-content:center;padding:.6rem 1rem}
nav.sections{position:sticky;top:0;background:var(--bg);border-bottom:1px solid color-mix(in srgb,var(--text) 15%,transparent);z-index:1;overflow-x:auto;flex-wrap:nowrap;justify-content:flex-start}
nav a{color:var(--primary);text-decoration:none;padding:.3rem .7rem;border-radius:var(--radius);border:1px solid var(--primary);white-space:nowrap}
nav a[aria-current]{background:var(--primary);color:#fff}
main{max-width:46rem;margin:0 auto;padding:0 1rem 2rem}
h2{color:var(--primary);border-bottom:2px solid var(--accent);padding-bottom:.25rem;margin-top:2rem}
h3{color:var(--secondary);margin-top:1.25rem}h4{margin:1rem 0 .25rem;color:var(--secondary);font-variant:small-caps}
ul{list-style:none;padding:0;margin:0}.notes{font-style:italic;opacity:.8}
.dish{border-bottom:1px dashed color-mix(in srgb,var(--text) 20%,transparent)}
.dish summary{display:flex;gap:.5rem;align-items:baseline;padding:.6rem 0;cursor:pointer;list-style:none}
.dish summary::-webkit-details-marker{display:none}.dish .name{flex:1;font-weight:600}
.price{white-space:nowrap;color:var(--primary);font-weight:600}
.badge{background:var(--accent);color:var(--secondary);border-radius:var(--radius);padding:0 .45rem;font-size:.75rem}
.description,.allergens,.winery{margin:.1rem 0 .6rem;font-size:.92rem}.allergens{opacity:.75}
body.layout-cards .dish{border:1px solid color-mix(in srgb,var(--text) 15%,transparent);border-radius:var(--radius);padding:0 .8rem;margin:.5rem 0}
body.layout-compact .dish summary{padding:.3rem 0}
footer{max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem;font-size:.85rem;opacity:.85}footer a{color:var(--primary)}
</style>
</head>
<body class="layout-${esc(theme.layout_variant)} header-${esc(theme.header_style)}" data-locale="${locale}">
<header${cover}>${logo}<h1>${esc(settings.name)}</h1>${settings.cover_charge_text ? `<p>${esc(settings.cover_charge_text)}</p>` : ''}</header>
${
  languages.length > 1
    ? `<nav class="languages" aria-label="${esc(t.language)}">${languages
        .map(
          (l) =>
            `<a href="?lang=${l}" hreflang="${l}"${l === locale ? ' aria-current="true"' : ''}>${l.toUpperCase()}</a>`,
        )
        .join('')}</nav>`
    : ''
}
<nav class="sections" aria-label="${esc(t.menu)}">${top.map((s) => `<a href="#s-${s.id}">${esc(s.name)}</a>`).join('')}</nav>
<main>${sections.length === 0 ? `<p>${esc(t.empty)}</p>` : sections.map((s) => section(s, locale, recommendedLabel)).join('')}</main>
<footer>${settings.allergen_info ? `<p>${esc(settings.allergen_info)}</p>` : ''}<p>${[
    settings.business_name,
    settings.vat_number ? `${t.vat} ${settings.vat_number}` : '',
    settings.address,
    settings.phone,
    settings.email,
  ]
    .filter(Boolean)
    .map(esc)
    .join(
      ' · ',
    )}</p>${isHttpUrl(settings.review_url) ? `<p><a href="${esc(settings.review_url)}" rel="noopener">${esc(t.reviews)}</a></p>` : ''}${
    theme.footer_text ? `<p>${esc(theme.footer_text)}</p>` : ''
  }</footer>
<script src="/assets/menu.js" defer></script>
</body>
</html>
`;
}
