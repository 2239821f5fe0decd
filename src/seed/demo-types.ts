// Shape of the demo restaurant's content: the seed (demo.ts) turns this into rows.
import type { Locale } from '../i18n/locales.js';
import type { OpeningHours } from '../resources/settings/hours.js';

/** A text in every service locale; the demo restaurant is complete in all five. */
export type DemoText = Record<Locale, string>;

export interface DemoWinery {
  /** Local key used by dishes to point at this winery. */
  key: string;
  name: string;
  region: string;
  country: string;
  description: DemoText;
  website_url: string;
}

export interface DemoType {
  /** Local key, unique within its section, used by dishes' `type`. */
  key: string;
  name: DemoText;
}

export interface DemoDish {
  name: DemoText;
  description: DemoText;
  /** Euros, at most two decimals. */
  price: number;
  /** Keys of the 14-entry allergen dictionary. */
  allergens: string[];
  /** Allergens it may contain as traces ("may contain"), apart from `allergens`. */
  traces?: string[];
  /** Several prices (glass and bottle…); the first is `price`, with its own label. */
  variants?: { label: DemoText; price: number }[];
  /** Dietary label keys (vegetarian, vegan, gluten_free, lactose_free, spicy). */
  dietary?: string[];
  /** Name of a demo photo drawn at seed time (demo-images.ts). */
  photo?: string;
  recommended?: boolean;
  /** Key of a DemoType of the same section. */
  type?: string;
  /** Key of a DemoWinery. */
  winery?: string;
  /** Defaults to true; one or two inactive dishes show that the filter works. */
  active?: boolean;
}

/** An option group of the demo: attached to dishes by `key` (demo-options.ts). */
export interface DemoOptionGroup {
  key: string;
  name: DemoText;
  min: number;
  max: number | null;
  options: { name: DemoText; price_change: number; allergens?: string[]; dietary?: string[] }[];
}

export interface DemoSection {
  key: string;
  menu_type: 'standard' | 'wine';
  name: DemoText;
  /** A plain string is the default locale's text. */
  notes?: string | DemoText | null;
  show_subcategories?: boolean;
  /** Time-of-day window, HH:MM 24h in the restaurant's time zone. */
  window?: { start: string; end: string };
  types?: DemoType[];
  dishes: DemoDish[];
  /** Sub-sections (one level deep); they inherit the parent's menu_type. */
  children?: DemoSection[];
}

export interface DemoRestaurant {
  slug: string;
  settings: {
    name: string;
    logo_url: string;
    cover_image_url: string | null;
    /** Diner-facing texts: a plain string is the default locale's text, or every translation. */
    cover_charge_text: string | DemoText;
    allergen_info: string | DemoText;
    review_url: string;
    recommended_label: string | DemoText;
    business_name: string;
    vat_number: string;
    address: string;
    phone: string;
    email: string;
    default_locale: Locale;
    supported_locales: Locale[];
    timezone: string;
    /** Structured opening hours (settings.opening_hours); none when left out. */
    opening_hours?: OpeningHours;
  };
  theme: {
    primary_color: string;
    secondary_color: string;
    accent_color: string;
    background_color: string;
    text_color: string;
    font_family: string;
    font_url: string;
    border_radius: string;
    layout_variant: 'classic' | 'cards' | 'compact';
    header_style: 'cover' | 'logo' | 'minimal';
    footer_text: string | DemoText;
  };
  wineries: DemoWinery[];
  sections: DemoSection[];
  /** Option groups, and which dishes (by Italian name) carry them, in order. */
  option_groups?: DemoOptionGroup[];
  dish_groups?: Record<string, string[]>;
}
