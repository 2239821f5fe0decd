// Read shape = write shape: whatever an admin read returns can be sent back as it is. Before a
// write body is validated, the fields the read shows but a write does not take (id, updated_at,
// nested lists, the loaded winery...) are dropped instead of refused, and `<field>_translations`
// is read as `<field>` for every translatable field (the read's plain `<field>` is the text in one
// locale; the translations are the whole value). Unknown fields are still refused, and so is an
// identity field (`id`, a restaurant's `slug`) sent with another value than the object's own: a
// client that tries to change it must hear that it cannot, not see it ignored.
import type { TObject, TSchema } from '@sinclair/typebox';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

function propertiesOf(schema: TSchema): Record<string, TSchema> {
  if (schema.type === 'object' && schema.properties) return schema.properties as Record<string, TSchema>;
  const parts = (schema.allOf ?? schema.anyOf ?? []) as TSchema[];
  return Object.assign({}, ...parts.map(propertiesOf));
}

/**
 * Rewrites a body in the read shape of `entity` into the write shape of `input`; an identity
 * field that differs from `identity` (or any identity field when there is none) stays in the
 * body, so the schema refuses it.
 */
export function toWriteShape(
  body: unknown,
  input: TObject,
  entity: TSchema,
  identity: Record<string, unknown> = {},
): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const writable = input.properties;
  const readable = propertiesOf(entity);
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of Object.keys(out)) {
    const base = key.endsWith('_translations') ? key.slice(0, -'_translations'.length) : undefined;
    if (base !== undefined && base in writable && !(key in writable)) {
      // The translations are the whole value; a plain string beside them is their text in one locale.
      const value = out[key];
      delete out[key];
      if (out[base] === undefined || typeof out[base] === 'string') out[base] = value;
      continue;
    }
    const differs = key in identity && out[key] !== identity[key];
    if (!(key in writable) && key in readable && !differs) delete out[key];
  }
  return out;
}

/**
 * A route's preValidation hook applying `toWriteShape` to its body; `identity` gives the values
 * the object's identity fields have (none on a create, where a copied `id` is just ignored).
 */
export function acceptReadShape(
  input: TObject,
  entity: TSchema,
  identity: (request: FastifyRequest) => Promise<Record<string, unknown>> | Record<string, unknown> = () => ({}),
): preValidationAsyncHookHandler {
  return async (request) => {
    request.body = toWriteShape(request.body, input, entity, await identity(request));
  };
}

/** The `:id` path parameter before validation has read it (preValidation sees it as text). */
export function rawIdParam(request: FastifyRequest): number {
  const params: unknown = request.params;
  const raw = typeof params === 'object' && params !== null && 'id' in params ? params.id : undefined;
  return Number(raw);
}
