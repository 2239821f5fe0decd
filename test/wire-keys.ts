// The field names of the spec's objects on the wire, sorted, as the tests compare them.

/** A section in /menu: the spec's fields plus its items and types. */
export const MENU_SECTION_KEYS = [
  'date_from',
  'date_to',
  'display_order',
  'id',
  'is_active',
  'items',
  'menu_type',
  'name',
  'name_translations',
  'notes',
  'notes_translations',
  'parent_id',
  'set_price',
  'show_subcategories',
  'time_end',
  'time_start',
  'time_visibility_enabled',
  'types',
  'weekdays',
];

/** A section in /categories and the admin API: the same, with its sub-sections as `children`. */
export const CATEGORY_KEYS = ['children', ...MENU_SECTION_KEYS];

/** A sub-category (`types`) in /categories, /menu and the admin API. */
export const TYPE_KEYS = ['category_id', 'display_order', 'id', 'is_active', 'name', 'name_translations'];

export const THEME_KEYS = [
  'accent_color',
  'background_color',
  'border_radius',
  'font_family',
  'font_url',
  'footer_text',
  'footer_text_translations',
  'header_style',
  'id',
  'layout_variant',
  'primary_color',
  'secondary_color',
  'text_color',
];

/** The settings object of the admin API (the public one plus the additive fields). */
export const SETTINGS_KEYS = [
  'address',
  'allergen_info',
  'allergen_info_translations',
  'business_name',
  'cover_charge_text',
  'cover_charge_text_translations',
  'cover_image_url',
  'currency',
  'default_locale',
  'email',
  'id',
  'is_active',
  'logo_url',
  'name',
  'opening_hours',
  'phone',
  'recommended_label',
  'recommended_label_translations',
  'review_url',
  'slug',
  'supported_locales',
  'timezone',
  'vat_number',
];
