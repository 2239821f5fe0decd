// Table interfaces for Kysely: the stored shape of every row (not the API shape).
import type { Generated, Selectable } from 'kysely';

// Flags are stored as integers 0/1 on both databases so one query binds the same values on
// SQLite (which cannot bind booleans) and PostgreSQL; mappers turn them into JSON booleans.
// Translations, locale lists, scopes and allergen keys are JSON text for the same reason.
// Timestamps are ISO 8601 UTC strings.

export interface TenantTable {
  id: Generated<number>;
  slug: string;
  status: 'active' | 'suspended';
  /** Bumped in the same transaction as every write to something the public menu shows. */
  menu_version: number;
  /** Random, new with every menu_version bump (the disk tier's check across restarts). */
  menu_stamp: Generated<string>;
  created_at: string;
  /** Grows with every change other instances must see (migration 2026112350); the directory reads rows past the last it saw. */
  change_seq: Generated<number>;
  /** 1 for a restaurant made by sign-up until its owner's e-mail is verified: it cannot go public before. */
  awaiting_verification: Generated<number>;
  /** Why the operator suspended it (shown in the API's 403), '' otherwise. */
  suspended_reason: Generated<string>;
}

export interface TenantDomainTable {
  id: Generated<number>;
  tenant_id: number;
  host: string;
}

export interface SettingsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  logo_url: string;
  cover_image_url: string | null;
  cover_charge_text: string;
  allergen_info: string;
  review_url: string;
  recommended_label: string;
  business_name: string;
  vat_number: string;
  address: string;
  phone: string;
  email: string;
  default_locale: string;
  supported_locales: string;
  is_active: number;
  timezone: string;
  /** JSON locale → text beside each diner-facing text (the plain column keeps the default locale's). */
  cover_charge_text_translations: Generated<string>;
  recommended_label_translations: Generated<string>;
  allergen_info_translations: Generated<string>;
  /** ISO 4217 code prices are shown in. */
  currency: Generated<string>;
  /** JSON `{weekly: [{weekday, ranges}], exceptions: [{date, ranges}]}` (resources/settings/hours.ts). */
  opening_hours: Generated<string>;
  /** Uploaded logo / cover (JSON `{key, widths}` naming media rows), or null. */
  logo_image: Generated<string | null>;
  cover_image: Generated<string | null>;
  updated_at: string;
}

export interface ThemeTable {
  id: Generated<number>;
  tenant_id: number;
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  background_color: string;
  text_color: string;
  font_family: string;
  font_url: string;
  border_radius: string;
  layout_variant: string;
  header_style: string;
  footer_text: string;
  footer_text_translations: Generated<string>;
  updated_at: string;
}

export interface CategoryTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: number | null;
  menu_type: 'standard' | 'wine';
  name_translations: string;
  notes: string | null;
  notes_translations: Generated<string>;
  display_order: number;
  is_active: number;
  show_subcategories: number;
  time_visibility_enabled: number;
  time_start: string | null;
  time_end: string | null;
  created_at: string;
  updated_at: string;
  /** A point-of-sale system's own id (unique per restaurant), or null. */
  external_id: string | null;
  /** JSON list of ISO weekdays (1 = Monday) the section is shown on; [] = every day. */
  weekdays: Generated<string>;
  /** The season: first and last local date the section is shown (YYYY-MM-DD), or null. */
  date_from: Generated<string | null>;
  date_to: Generated<string | null>;
  /** A set menu's price (cents): the section is one offer whose dishes are the choices; null for an ordinary section. */
  set_price_cents: Generated<number | null>;
}

export interface TypeTable {
  id: Generated<number>;
  tenant_id: number;
  category_id: number;
  name_translations: string;
  display_order: number;
  is_active: number;
  created_at: string;
  updated_at: string;
  /** A point-of-sale system's own id (unique per restaurant), or null. */
  external_id: string | null;
}

export interface WineryTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  region: string;
  country: string;
  description_translations: string;
  website_url: string;
  created_at: string;
  updated_at: string;
  /** A point-of-sale system's own id (unique per restaurant), or null. */
  external_id: string | null;
}

export interface ItemTable {
  id: Generated<number>;
  tenant_id: number;
  category_id: number;
  type_id: number | null;
  winery_id: number | null;
  name_translations: string;
  description_translations: string;
  /** Euro cents: exact on both databases; `price` on the wire is cents / 100. */
  price_cents: number;
  allergens: string;
  /** JSON list of allergen keys the dish may contain as traces. */
  allergen_traces: Generated<string>;
  /** JSON list of price variants `{label: translations, price_cents}`; [] = the one price. */
  variants: Generated<string>;
  is_active: number;
  is_recommended: number;
  display_order: number;
  /** Lower-cased, accent-free text of every name and description translation, for search. */
  search_text: string;
  /** JSON array of dietary keys (vegetarian, vegan, …). */
  dietary: Generated<string>;
  /** The photo: JSON `{key, widths}` naming media rows, or null. */
  image: Generated<string | null>;
  created_at: string;
  updated_at: string;
  /** A point-of-sale system's own id (unique per restaurant), or null. */
  external_id: string | null;
  /** 1: marked sold out, until sold_out_until (whole minutes, ISO with offset) or, when null, until switched back. */
  sold_out: Generated<number>;
  sold_out_until: Generated<string | null>;
}

/** A group of options a restaurant attaches to dishes ("Add-ons", "Cooking"): how many a diner picks. */
export interface OptionGroupTable {
  id: Generated<number>;
  tenant_id: number;
  name_translations: string;
  min_choices: number;
  /** null: as many as the diner likes. */
  max_choices: number | null;
  display_order: number;
  is_active: number;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One option of a group ("burrata"): a price change (cents, may be 0 or negative), allergens, sold out like a dish. */
export interface OptionTable {
  id: Generated<number>;
  tenant_id: number;
  group_id: number;
  name_translations: string;
  price_change_cents: number;
  allergens: string;
  allergen_traces: string;
  dietary: string;
  display_order: number;
  is_active: number;
  sold_out: number;
  sold_out_until: string | null;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A group attached to a dish, at `position` (from 0) among the dish's groups. */
export interface ItemOptionGroupTable {
  tenant_id: number;
  item_id: number;
  group_id: number;
  position: number;
}

/** A password-recovery link sent by e-mail: its secret's SHA-256, valid one hour, once. */
/** A diner text in one language left unchanged when its default-language text changed: to check. */
/** A previewed panel import waiting to be applied (features/sync/repo.ts); one per user. */
/** A person invited by e-mail to join the restaurant's panel (accounts/users/invitations.ts). */
export interface StaffInvitationTable {
  id: Generated<number>;
  tenant_id: number;
  email: string;
  name: string;
  role: string;
  /** SHA-256 of the link's secret; the secret itself is only in the mail. */
  token_hash: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** What the panel remembers for a restaurant between visits (the QR page's tables). */
export interface PanelPreferenceTable {
  tenant_id: number;
  name: string;
  value: string;
  updated_at: string;
}

export interface ImportDraftTable {
  tenant_id: number;
  user_id: number;
  /** Random, carried by the preview's apply form. */
  draft_key: string;
  /** The previewed file's text. */
  body: string;
  prune: number;
  created_at: string;
}

export interface TranslationCheckTable {
  tenant_id: number;
  /** The changed row's resource (catalog/write.ts `ChangedResource`). */
  resource: string;
  resource_id: number;
  /** The API's field name, e.g. `cover_charge_text`, `notes`, `name`. */
  field: string;
  locale: string;
  flagged_at: string;
}

/** An owner's e-mail verification link after sign-up (only the SHA-256 of its secret). */
export interface EmailVerificationTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A sign-up sent from a client address (`client_hash`: SHA-256 of its key); `created` 1 when it made a restaurant. */
export interface SignupAttemptTable {
  id: Generated<number>;
  client_hash: string;
  created: number;
  at: string;
}

/** An invite code the operator made (SIGNUP=invite): only its SHA-256, spent by one sign-up. */
export interface SignupInviteTable {
  id: Generated<number>;
  code_hash: string;
  note: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by_tenant: number | null;
}

/** An account of the operator console (/operator on the base address), not of any restaurant. */
export interface OperatorTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: string;
  last_sign_in_at: string | null;
}

export interface OperatorSessionTable {
  id: string;
  operator_id: number;
  created_at: string;
  last_seen_at: string;
}

export interface OperatorLoginFailureTable {
  id: Generated<number>;
  email_ip_hash: string;
  ip_hash: string;
  failed_at: string;
}

/** What an operator did (suspend, resume, limits, invite codes, erase), to which restaurant, when. */
export interface OperatorAuditTable {
  id: Generated<number>;
  operator_id: number | null;
  operator_email: string;
  action: string;
  target: string;
  detail: string;
  at: string;
}

/** A restaurant's own limits (null: the service's default from config). */
export interface TenantLimitsTable {
  tenant_id: number;
  dishes: number | null;
  photo_mb: number | null;
  webhooks: number | null;
  admin_rate: number | null;
  updated_at: string;
}

/** Requests answered for a restaurant on a day (UTC), added by each instance every few seconds. */
export interface TenantRequestsDailyTable {
  tenant_id: number;
  day: string;
  requests: number;
}

/** An own domain an owner claimed: verified when `_menu-challenge.<host>` has a TXT record `menu-verify=<token>`. */
export interface DomainClaimTable {
  id: Generated<number>;
  tenant_id: number;
  host: string;
  token: string;
  created_at: string;
  checked_at: string | null;
  verified_at: string | null;
}

export interface PasswordResetTable {
  tenant_id: number;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface UserTable {
  id: Generated<number>;
  tenant_id: number;
  email: string;
  name: string;
  password_hash: string;
  /** See UserRole. Every insert names it (the column's old default, `admin`, is not a role any more). */
  role: UserRole;
  /** Set when an owner removes the user: no sign-in, no session, no token from then on. */
  removed_at: Generated<string | null>;
  created_at: string;
  /** The last panel sign-in (the operator console shows the owners'). */
  last_sign_in_at: Generated<string | null>;
}

/**
 * `staff` edit the menu (sections, dishes, sub-categories, wineries, photos, sold out) and hold
 * read-only API tokens; `owner`s also change settings, theme, the public switch, staff, webhooks and
 * write-scoped tokens, and see and revoke every token (docs/ROLES.md).
 */
export type UserRole = 'owner' | 'staff';

export const USER_ROLES: readonly UserRole[] = ['owner', 'staff'];

/** A signed-in panel session; `id` is the SHA-256 of the secret held in the cookie. */
export interface PanelSessionTable {
  id: string;
  tenant_id: number;
  user_id: number;
  created_at: string;
  last_seen_at: string;
}

/** One failed sign-in, for throttling; e-mail and client address are SHA-256 hashes. */
export interface PanelLoginFailureTable {
  tenant_id: number;
  /** Hash of the e-mail typed and the client address together (never of the e-mail alone). */
  email_ip_hash: string;
  ip_hash: string;
  failed_at: string;
}

/** A one-time form nonce already acted upon (a reloaded form must not act twice). */
export interface PanelFormNonceTable {
  tenant_id: number;
  nonce: string;
  used_at: string;
}

export interface ApiTokenTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  name: string;
  /** SHA-256 hex of the secret part (after `<id>|`). */
  token_hash: string;
  scopes: string;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface AnalyticsEventTable {
  id: Generated<number>;
  tenant_id: number;
  type: string;
  occurred_at: string;
  /** Local date (YYYY-MM-DD) and hour in the restaurant's time zone when it happened. */
  day: string;
  hour: number;
  session_id: string;
  locale: string;
  category_id: number | null;
  item_id: number | null;
  allergens: string | null;
  query: string | null;
  /** The table from the QR code (?table=12), or null. */
  table_label: Generated<string | null>;
  /** The page's own id of the event (a resent event is stored once), or null. */
  event_id: Generated<string | null>;
}

export interface AnalyticsDailyTable {
  tenant_id: number;
  day: string;
  menu_views: number;
  item_views: number;
  section_views: number;
  allergen_filters: number;
  searches: number;
  locale_switches: number;
}

export interface AnalyticsHourlyTable {
  tenant_id: number;
  day: string;
  hour: number;
  menu_views: number;
}

export interface AnalyticsLocaleDailyTable {
  tenant_id: number;
  day: string;
  locale: string;
  menu_views: number;
}

export interface AnalyticsItemDailyTable {
  tenant_id: number;
  day: string;
  item_id: number;
  locale: string;
  views: number;
}

export interface AnalyticsSectionDailyTable {
  tenant_id: number;
  day: string;
  category_id: number;
  views: number;
  item_views: number;
}

export interface AnalyticsAllergenDailyTable {
  tenant_id: number;
  day: string;
  allergen: string;
  filters: number;
}

export interface AnalyticsSessionTable {
  tenant_id: number;
  day: string;
  session_id: string;
}

/** Re-encoded images (photos, logos, covers) by content-addressed name, served at /media/<name>. */
export interface MediaTable {
  tenant_id: number;
  name: string;
  content_type: string;
  body: Buffer;
  created_at: string;
}

/** One admin write to one row: who, what (fields before/after in the API's form), when. */
export interface AnalyticsTableDailyTable {
  tenant_id: number;
  day: string;
  table_label: string;
  menu_views: number;
  item_views: number;
}

export interface IdempotencyKeyTable {
  tenant_id: number;
  idempotency_key: string;
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  content_type: string | null;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  tenant_id: number;
  occurred_at: string;
  via: string;
  user_id: number | null;
  user_email: string | null;
  token_id: number | null;
  token_name: string | null;
  resource: string;
  resource_id: number;
  action: string;
  /** `,price,allergens,`: the changed fields, for filtering. */
  fields: string;
  /** JSON `{field: {before, after}}`. */
  changes: string;
  /** The menu version the write took (the change feed's order); null for entries before it was kept. */
  menu_version: Generated<number | null>;
}

export interface WebhookEndpointTable {
  id: Generated<number>;
  tenant_id: number;
  url: string;
  /** JSON list of event names. */
  events: string;
  secret: string;
  is_active: number;
  created_at: string;
  updated_at: string;
  /** Failed attempts in a row (0 after a delivery); the endpoint is paused when it reaches the limit. */
  failures: Generated<number>;
  /** When it was paused for failing (the panel says so; resuming clears it), else null. */
  paused_at: Generated<string | null>;
}

export interface WebhookDeliveryTable {
  id: Generated<number>;
  tenant_id: number;
  endpoint_id: number;
  event_id: string;
  event_type: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  /** Milliseconds the last attempt took; null before the first. */
  last_duration_ms: number | null;
  created_at: string;
  delivered_at: string | null;
}

export interface Database {
  analytics_table_daily: AnalyticsTableDailyTable;
  idempotency_keys: IdempotencyKeyTable;
  tenants: TenantTable;
  audit_log: AuditLogTable;
  tenant_domains: TenantDomainTable;
  settings: SettingsTable;
  themes: ThemeTable;
  categories: CategoryTable;
  types: TypeTable;
  wineries: WineryTable;
  items: ItemTable;
  option_groups: OptionGroupTable;
  options: OptionTable;
  item_option_groups: ItemOptionGroupTable;
  media: MediaTable;
  users: UserTable;
  password_resets: PasswordResetTable;
  email_verifications: EmailVerificationTable;
  signup_attempts: SignupAttemptTable;
  signup_invites: SignupInviteTable;
  operators: OperatorTable;
  tenant_limits: TenantLimitsTable;
  tenant_requests_daily: TenantRequestsDailyTable;
  domain_claims: DomainClaimTable;
  operator_sessions: OperatorSessionTable;
  operator_login_failures: OperatorLoginFailureTable;
  operator_audit: OperatorAuditTable;
  translation_checks: TranslationCheckTable;
  import_drafts: ImportDraftTable;
  panel_preferences: PanelPreferenceTable;
  staff_invitations: StaffInvitationTable;
  api_tokens: ApiTokenTable;
  panel_sessions: PanelSessionTable;
  panel_login_failures: PanelLoginFailureTable;
  panel_form_nonces: PanelFormNonceTable;
  analytics_events: AnalyticsEventTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_hourly: AnalyticsHourlyTable;
  analytics_locale_daily: AnalyticsLocaleDailyTable;
  analytics_item_daily: AnalyticsItemDailyTable;
  analytics_section_daily: AnalyticsSectionDailyTable;
  analytics_allergen_daily: AnalyticsAllergenDailyTable;
  analytics_sessions: AnalyticsSessionTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
}

export type SettingsRow = Selectable<SettingsTable>;
export type ThemeRow = Selectable<ThemeTable>;
export type CategoryRow = Selectable<CategoryTable>;
export type TypeRow = Selectable<TypeTable>;
export type WineryRow = Selectable<WineryTable>;
export type ItemRow = Selectable<ItemTable>;
export type OptionGroupRow = Selectable<OptionGroupTable>;
export type OptionRow = Selectable<OptionTable>;
export type ItemOptionGroupRow = Selectable<ItemOptionGroupTable>;
export type UserRow = Selectable<UserTable>;
export type ApiTokenRow = Selectable<ApiTokenTable>;
export type PanelSessionRow = Selectable<PanelSessionTable>;
