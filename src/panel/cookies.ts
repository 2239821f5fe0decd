// Reading the Cookie header and writing Set-Cookie lines for the panel's few cookies (no dependency needed).
import type { FastifyReply, FastifyRequest } from 'fastify';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    // Our cookie values are base64url; anything else is not ours.
    return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : undefined;
  }
  return undefined;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  /** Secure when the request came over HTTPS (request.protocol honours TRUST_PROXY). */
  secure: boolean;
  /** Default /admin (the panel); the base address's pages (sign-up, the operator console) use their own. */
  path?: string;
}

/** Adds a Set-Cookie line: host-only, Path=/admin (or the one given), HttpOnly, SameSite=Lax. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const line = [
    `${name}=${value}`,
    `Path=${options.path ?? '/admin'}`,
    `Max-Age=${options.maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
  const existing = reply.getHeader('set-cookie');
  const lines = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...lines, line]);
}

export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}
