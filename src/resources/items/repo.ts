// Dish rows: the folded search text kept beside every dish.
import { foldText, type Translations } from '../../i18n/text.js';

/** The folded text a dish is searched by: every translation of its name and description. */
export function itemSearchText(names: Translations, descriptions: Translations): string {
  return foldText([...Object.values(names), ...Object.values(descriptions)].filter(Boolean).join('\n'));
}
