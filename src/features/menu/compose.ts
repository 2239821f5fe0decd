// The /menu document's data: settings, theme and the flat list of sections a diner sees now.
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { flatSections } from '../../catalog/visibility.js';
import type { Locale } from '../../i18n/locales.js';
import type { MenuSection } from '../../resources/categories/schema.js';
import { sectionView } from '../../resources/categories/view.js';
import { type Settings, settingsView } from '../../resources/settings/schema.js';
import { type Theme, themeView } from '../../resources/theme/schema.js';

export interface MenuData {
  settings: Settings;
  theme: Theme;
  sections: MenuSection[];
}

export function menuData(snapshot: MenuSnapshot, openKey: string, locale: Locale): MenuData {
  return {
    settings: settingsView(snapshot, locale),
    theme: themeView(snapshot, locale),
    sections: flatSections(snapshot, openKey).map((row) => sectionView(snapshot, row, locale, openKey)),
  };
}
