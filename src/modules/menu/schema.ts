// The /menu response: settings, theme and the flat list of visible sections.
import { Type } from '@sinclair/typebox';
import { envelope, LocaleMeta } from '../../http/schemas.js';
import { MenuSection } from '../categories/schema.js';
import { Settings } from '../settings/schema.js';
import { Theme } from '../theme/schema.js';

export const MenuData = Type.Object({
  settings: Settings,
  theme: Theme,
  sections: Type.Array(MenuSection),
});

export const MenuResponse = envelope(MenuData, LocaleMeta);
