// The /menu response: settings, theme and the flat list of visible sections.
import { Type } from '@sinclair/typebox';
import { envelope, LocaleMeta } from '../../http/schemas.js';
import { MenuSection } from '../../resources/categories/schema.js';
import { Settings } from '../../resources/settings/schema.js';
import { Theme } from '../../resources/theme/schema.js';

export const MenuData = Type.Object({
  settings: Settings,
  theme: Theme,
  sections: Type.Array(MenuSection),
});

export const MenuResponse = envelope(MenuData, LocaleMeta);
