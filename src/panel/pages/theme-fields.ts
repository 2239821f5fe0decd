// The theme form's fields, and the form (or the preview's query) read as the API's ThemeInput.
import { type FormBody, str } from '../forms.js';

export const COLOUR_FIELDS = [
  'primary_color',
  'secondary_color',
  'accent_color',
  'background_color',
  'text_color',
] as const;
export const THEME_FIELDS = [
  ...COLOUR_FIELDS,
  'font_family',
  'font_url',
  'border_radius',
  'layout_variant',
  'header_style',
  'footer_text',
] as const;

/** The form (or a preview's query) as the API's input: the fields present, trimmed. */
export function themeInput(body: FormBody): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of THEME_FIELDS) {
    if (body[field] === undefined) continue;
    out[field] = field === 'footer_text' ? str(body, field) : str(body, field).trim();
  }
  return out;
}
