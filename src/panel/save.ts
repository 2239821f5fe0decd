// The panel's one write path: a form's body checked with the API's schema and the service's rules
// in one pass, written through writeMenu as the signed-in user (same service, transaction, audit
// entry and version bump as the admin API), a broken rule turned into messages on the form's fields.
import type { FastifyInstance } from 'fastify';
import { type MenuWrite, writeMenu } from '../catalog/write.js';
import { ConflictError, type FieldIssue, ValidationError } from '../core/errors.js';
import type { Schema } from '../http/validation/rules.js';
import { checkedBody, inOnePass } from '../http/validator.js';
import { formatMessage } from '../i18n/messages.js';
import type { PanelContext } from './context.js';
import { type FieldErrors, fieldErrors } from './forms.js';
import { panelActor } from './pages/actor.js';

export type Labels = Record<string, string>;

/** A refused write, answered with the form again (422): messages by field, one message for the whole form. */
export interface Refusal {
  status: 422;
  errors: FieldErrors;
  message?: string;
}

/**
 * A broken rule as the form shows it: each message on its field, or one message for a rule about
 * the whole row ("section not empty"). Anything else (a row that is gone, an action this user may
 * not take, a failure) is not the form's to show: it is rethrown for the panel's error pages.
 */
export function refusalOf(ctx: PanelContext, err: unknown, labels: Labels): Refusal | undefined {
  if (err instanceof ValidationError) return { status: 422, errors: fieldErrors(ctx, err.issues, labels) };
  if (err instanceof ConflictError) {
    const message = formatMessage(ctx.locale, err.messageKey, err.params);
    return err.field ? { status: 422, errors: { [err.field]: [message] } } : { status: 422, errors: {}, message };
  }
  return undefined;
}

export type SaveResult<T> = { ok: true; result: T } | ({ ok: false } & Refusal);

/**
 * Checks `raw` with the API's schema and runs `work` through writeMenu as the signed-in user (one
 * pass: the schema's issues and the service's rules reported together), so the same service,
 * transaction, audit entry and version bump apply as on the admin API.
 */
export async function saveThrough<T, Input = never>(
  app: FastifyInstance,
  ctx: PanelContext,
  schema: Schema | null,
  raw: Record<string, unknown>,
  labels: Labels,
  work: (w: MenuWrite, value: Input) => Promise<T>,
  /** The form's own problems (beyond the API's rules): reported with the others, the write rolled back. */
  formIssues: FieldIssue[] = [],
): Promise<SaveResult<T>> {
  const write = (value: unknown, settle: () => void) =>
    writeMenu(app, ctx.tenantId, panelActor(ctx), async (w) => {
      let result: T;
      try {
        result = await work(w, value as Input);
      } catch (err) {
        if (formIssues.length > 0 && err instanceof ValidationError) {
          throw new ValidationError([...err.issues, ...formIssues]);
        }
        throw err;
      }
      if (formIssues.length > 0) throw new ValidationError(formIssues);
      settle();
      return result;
    });
  try {
    let result: T;
    if (schema) {
      const value = checkedBody(schema, raw);
      result = await inOnePass(value, schema, (settle) => write(value, settle));
    } else {
      result = await write(raw, () => {});
    }
    return { ok: true, result };
  } catch (err) {
    const refusal = refusalOf(ctx, err, labels);
    if (!refusal) throw err;
    return { ok: false, ...refusal };
  }
}
