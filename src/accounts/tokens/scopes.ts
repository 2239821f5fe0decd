// The token scopes (fixed at generation) and which of them each kind of admin route accepts.

export const SCOPES = ['menu:read', 'menu:write', 'analytics:read'] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Admin reads: a token that may write may also read. */
export const READ_SCOPES: Scope[] = ['menu:read', 'menu:write'];
export const WRITE_SCOPES: Scope[] = ['menu:write'];
export const ANALYTICS_SCOPES: Scope[] = ['analytics:read'];
