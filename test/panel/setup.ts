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
