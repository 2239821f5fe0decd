// A panel test bed: an app with two restaurants (alpha, beta), an owner in each, and clients.

import { createUser } from '../../src/accounts/users/service.js';
import type { Config } from '../../src/config.js';
import type { Dialect } from '../../src/db/connect.js';
import { createFixtureTenant } from '../fixtures.js';
import { createTestApp, type TestApp } from '../helper.js';
import { PanelClient } from './client.js';

export const OWNER = { email: 'owner@alpha.test', password: 'alpha-owner-pw' };
export const BETA_OWNER = { email: 'owner@beta.test', password: 'beta-owner-pw' };

export interface PanelBed extends TestApp {
  alpha: number;
  beta: number;
  client(host?: string, headers?: Record<string, string>): PanelClient;
  /** A client signed in as the alpha owner. */
  owner(): Promise<PanelClient>;
}

export async function panelBed(dialect: Dialect, overrides: Partial<Config> = {}): Promise<PanelBed> {
  const t = await createTestApp(dialect, { adminRateLimit: 100_000, ...overrides });
  const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
  const beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
  await createUser(t.db.db, alpha, OWNER);
  await createUser(t.db.db, beta, BETA_OWNER);
  const client = (host = 'alpha', headers: Record<string, string> = {}) =>
    new PanelClient(t.app, host, { 'accept-language': 'en', ...headers });
  return {
    ...t,
    alpha,
    beta,
    client,
    owner: async () => {
      const c = client();
      const res = await c.signIn(OWNER.email, OWNER.password);
      if (res.statusCode !== 303) throw new Error(`sign-in failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
      await c.get('/admin');
      return c;
    },
  };
}

/** The settings page's form of the panel beds' restaurant, diner texts in three languages; `overrides` replace fields. */
export const settingsForm = (overrides: Record<string, string | string[]> = {}) => ({
  name: 'Alpha alpha',
  logo_url: '',
  cover_image_url: '',
  review_url: '',
  business_name: '',
  vat_number: '',
  address: 'Via Roma 1, Bologna',
  phone: '',
  email: '',
  supported_locales: ['it', 'en', 'de'],
  default_locale: 'it',
  timezone: 'Europe/Rome',
  currency: 'EUR',
  is_active: '1',
  cover_charge_text_it: 'Coperto 3,00 €',
  cover_charge_text_en: 'Cover charge €3.00',
  cover_charge_text_de: 'Gedeck 3,00 €',
  recommended_label_it: 'Consigliato',
  allergen_info_it: 'Chiedere al personale.',
  allergen_info_en: 'Ask our staff.',
  ...overrides,
});
