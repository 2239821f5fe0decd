// The token scopes (fixed at generation), which of them each kind of admin route accepts, and
// which a user's role may hold.
import type { UserRole } from '../../db/schema.js';

export const SCOPES = ['menu:read', 'menu:write', 'analytics:read', 'webhooks:write'] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Admin reads: a token that may write may also read. */
export const READ_SCOPES: Scope[] = ['menu:read', 'menu:write'];
export const WRITE_SCOPES: Scope[] = ['menu:write'];
export const ANALYTICS_SCOPES: Scope[] = ['analytics:read'];
/** Webhook endpoints: a token that writes the menu, or one made only to manage webhooks. */
export const WEBHOOK_SCOPES: Scope[] = ['menu:write', 'webhooks:write'];

/**
 * The scopes a user of this role may hold. Staff: read scopes only, because a token that may write
 * also changes settings, theme and webhooks, which are the owner's. Checked when a token is made
 * and again on every request (an owner made staff keeps tokens that no longer write).
 */
export function scopesAllowed(role: UserRole): Scope[] {
  return role === 'owner' ? [...SCOPES] : SCOPES.filter((s) => !WRITE_SCOPES.includes(s) && s !== 'webhooks:write');
}
