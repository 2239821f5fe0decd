// One editor piece for every panel form over a resource (the panel's registerCrud): from a
// description (fields, how to read the form, which service writes) it registers the pages and
// routes, checks the form with the API's schema and the service's rules in one pass (save.ts),
// writes through writeMenu as the signed-in user, and answers 303 or the form again with every
// message next to its field. A broken rule re-renders the form (422, `refusalOf`); a missing row
// or an action the user may not take is thrown and answered by the panel's one error mapping
// (pages/error-page.ts: 404, 403 pages). The pages' pieces are in editor-parts.ts.
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MenuSnapshot } from '../catalog/snapshot.js';
import { type MenuWrite, ownerSnapshot } from '../catalog/write.js';
import { type FieldIssue, ForbiddenError, NotFoundError } from '../core/errors.js';
import { parseCheckKey } from '../features/translations/checks.js';
import { clearChecks } from '../features/translations/repo.js';
import { type Html, html } from '../http/html.js';
import { type PanelContext, pathParam, queryParam, seeOther, sendPage } from './context.js';
import { confirmPage, dangerZone, doneMessage, editorForm, formElement, notices } from './editor-parts.js';
import { editorTexts } from './editor-texts.js';
import { asForm, errorSummary, type FieldErrors, type FormBody, list, notice, str } from './forms.js';
import { type NavKey, renderPage } from './layout.js';
import { STILL_RIGHT } from './menu/fields.js';
import { type Labels, saveThrough } from './save.js';

/**
 * Clears the "to check" flags the owner ticked as still right (menu/fields.ts), in the save's own
 * transaction; a key of another restaurant matches nothing (every flag is looked up by tenant).
 */
async function confirmStillRight(w: MenuWrite, body: FormBody): Promise<void> {
  const keys = list(body, STILL_RIGHT).flatMap((value) => parseCheckKey(value) ?? []);
  await clearChecks(w.trx, w.tenantId, keys);
}

/** Who may use an editor: everyone signed in, or the restaurant's owners only. */
export type Audience = 'staff' | 'owner';

/** Refuses (403, before anything is read) a user the editor is not for. */
function checkAudience(ctx: PanelContext, audience: Audience | undefined): void {
  if (audience === 'owner' && ctx.session?.user.role !== 'owner') throw new ForbiddenError();
}

/** What every editor describes: its fields, how the form reads, how it reaches the API's body. */
interface EditorBase<Row, Values, S extends TSchema> {
  /** Path under /admin, e.g. `/menu/wineries` or `/settings`. */
  path: string;
  /** The navigation entry shown as current. */
  active: NavKey;
  /** Extra ES modules of its pages (names under /admin/assets/). */
  scripts?: string[];
  /** `owner`: only owners may open and send it (staff get 403); default: every signed-in user. */
  audience?: Audience;
  /** The API's input schema: the form is checked with it and the service's rules in one pass. */
  schema: S;
  /** Field name → label, for messages and the error summary. */
  labels(ctx: PanelContext, snapshot: MenuSnapshot): Labels;
  /** The form as typed; `row` is the stored row when editing (texts in languages the form hides). */
  read(body: FormBody, snapshot: MenuSnapshot, row: Row | undefined): Values;
  /** The typed values as the API's body. */
  toInput(values: Values, snapshot: MenuSnapshot): Record<string, unknown>;
  /** The fields inside the form (the editor adds the token, the error summary and the buttons). */
  fields(ctx: PanelContext, snapshot: MenuSnapshot, values: Values, errors: FieldErrors, row: Row | undefined): Html;
}

/** A resource of many rows: list (optional), new, edit, save, delete. */
export interface Editor<Row extends { id: number }, Values, S extends TSchema = TSchema>
  extends EditorBase<Row, Values, S> {
  /** The owner's row with this id (any other restaurant's id is not found: the snapshot is the owner's). */
  find(snapshot: MenuSnapshot, id: number): Row | undefined;
  /** The row's name in titles and messages. */
  name(ctx: PanelContext, snapshot: MenuSnapshot, row: Row): string;
  fromRow(ctx: PanelContext, snapshot: MenuSnapshot, row: Row): Values;
  /** An empty form; `query` reads the new page's parameters (`?section=3`). Undefined answers 404. */
  blank(ctx: PanelContext, snapshot: MenuSnapshot, query: (name: string) => string | undefined): Values | undefined;
  /** The service's writes, given the body the schema passed. */
  create(w: MenuWrite, input: Static<S>): Promise<number>;
  update(w: MenuWrite, id: number, input: Static<S>): Promise<void>;
  remove(w: MenuWrite, id: number): Promise<void>;
  titles(ctx: PanelContext): { create: (values: Values) => string; edit: (name: string) => string };
  /** The links above the form. */
  breadcrumb(ctx: PanelContext, snapshot: MenuSnapshot, row: Row | undefined, values: Values): Html;
  /** Where the form's Cancel link goes. */
  cancel(snapshot: MenuSnapshot, row: Row | undefined, values: Values): string;
  /** Italian agreement of "created" / "saved" with the kind of row (sezione, cantina: feminine). */
  feminine?: boolean;
  /** What diners see of the row now, said after a save ("Diners do not see it now: it is shown …"). */
  seen?(ctx: PanelContext, snapshot: MenuSnapshot, row: Row): string;
  /** Where a create goes next (default: the new row's page). */
  afterCreate?(id: number, values: Values): string;
  /** Where a delete goes next. */
  afterDelete(row: Row): string;
  /**
   * Why the row cannot be deleted now (a section still holding 3 dishes), said on its page instead
   * of the delete button and before any confirmation; undefined when it can be. The service
   * refuses such a delete anyway (a page loaded before the last change).
   */
  deleteBlocked?(ctx: PanelContext, snapshot: MenuSnapshot, row: Row): string | undefined;
  /** What a delete also does (an option group leaves the dishes carrying it), said beside the button and when confirming. */
  deleteWarning?(ctx: PanelContext, snapshot: MenuSnapshot, row: Row): string | undefined;
  /** More of the row's page, under its form (a section's sub-categories, a dish's photo…); `side` as for `above`. */
  below?(ctx: PanelContext, snapshot: MenuSnapshot, row: Row, side: FieldErrors): Html;
  /**
   * What the row's page shows before its form (a section's dishes: what is changed during service
   * comes first on a phone); the form then sits in a collapsed block titled `formTitle`, open when
   * it has errors. `side` holds the messages of the small forms drawn there (a dish's photo), by field.
   */
  above?(ctx: PanelContext, snapshot: MenuSnapshot, row: Row, side: FieldErrors): Html;
  formTitle?(ctx: PanelContext): string;
  /** Why a new row cannot be made yet (no section for a dish), shown instead of the form. */
  unavailable?(ctx: PanelContext, snapshot: MenuSnapshot): Html | undefined;
  /**
   * The list at GET `path`, with the create form in it (`newForm`); without it the rows are listed
   * on another page and new ones are made at `path/new`.
   */
  list?(ctx: PanelContext, snapshot: MenuSnapshot, newForm: Html): Html;
  /** The list's title. */
  listTitle?(ctx: PanelContext): string;
}

/** A resource of one row per restaurant (settings, theme): one page, one save. */
export interface SingleEditor<Values, S extends TSchema = TSchema> extends EditorBase<undefined, Values, S> {
  title(ctx: PanelContext): string;
  load(snapshot: MenuSnapshot): Values;
  save(w: MenuWrite, input: Static<S>): Promise<unknown>;
  /**
   * Text above the form and anything beside it (the theme's preview, the logo's upload form);
   * `summary` is the list of problems, `side` the messages of the small forms beside it, by field.
   */
  layout?(
    ctx: PanelContext,
    values: Values,
    parts: { summary: Html; form: Html; side: FieldErrors; snapshot: MenuSnapshot },
  ): Html;
  /** The form element's id (a script may need it). */
  formId?: string;
  /**
   * Problems only the form can see (a range typed with one of its two times, left out of the API's
   * body), reported with the schema's and the service's at once; nothing is written while any remain.
   */
  issues?(values: Values): FieldIssue[];
}

/** A row's page drawn again by a small form of its own (a photo upload) with that form's messages. */
export type RowPage = (ctx: PanelContext, snapshot: MenuSnapshot, id: number, side: FieldErrors) => Html;

/**
 * Registers list (when described), new, create, edit, save and delete of a resource of many rows;
 * answers the row page's drawing for the small forms that live on it.
 */
export function registerEditor<Row extends { id: number }, Values, S extends TSchema>(
  app: FastifyInstance,
  e: Editor<Row, Values, S>,
): { rowPage: RowPage } {
  const base = `/admin${e.path}`;
  const snapshotOf = (tenantId: number) => ownerSnapshot(app, tenantId);
  /** The owner's row named by the path (another restaurant's id is not in the owner's snapshot: 404). */
  const rowOf = (snapshot: MenuSnapshot, request: FastifyRequest): Row => {
    const raw = pathParam(request, 'id');
    const row = /^\d{1,15}$/.test(raw) ? e.find(snapshot, Number(raw)) : undefined;
    if (!row) throw new NotFoundError();
    return row;
  };

  const formFor = (ctx: PanelContext, snapshot: MenuSnapshot, values: Values, errors: FieldErrors, row?: Row) =>
    editorForm(ctx, e.labels(ctx, snapshot), errors, e.fields(ctx, snapshot, values, errors, row), {
      action: row ? `${base}/${row.id}` : base,
      submit: row ? ctx.t.save : editorTexts(ctx.locale).create,
      cancel: e.cancel(snapshot, row, values),
    });

  const newPage = (ctx: PanelContext, snapshot: MenuSnapshot, values: Values, errors: FieldErrors = {}) => {
    if (e.list) {
      return renderPage(ctx, {
        title: e.listTitle?.(ctx) ?? e.titles(ctx).create(values),
        body: e.list(ctx, snapshot, formFor(ctx, snapshot, values, errors)),
        active: e.active,
        scripts: e.scripts,
      });
    }
    const body = html`${e.breadcrumb(ctx, snapshot, undefined, values)}${
      e.unavailable?.(ctx, snapshot) ?? formFor(ctx, snapshot, values, errors)
    }`;
    return renderPage(ctx, { title: e.titles(ctx).create(values), body, active: e.active, scripts: e.scripts });
  };

  const rowPage = (
    ctx: PanelContext,
    snapshot: MenuSnapshot,
    row: Row,
    o: { values?: Values; errors?: FieldErrors; message?: string; error?: string; side?: FieldErrors } = {},
  ) => {
    const name = e.name(ctx, snapshot, row);
    const values = o.values ?? e.fromRow(ctx, snapshot, row);
    const errors = o.errors ?? {};
    const form = formFor(ctx, snapshot, values, errors, row);
    const title = e.formTitle?.(ctx);
    const open = Object.keys(errors).length > 0 || o.error !== undefined;
    // Success and a refusal are never said together: after any refusal on this page, no "saved".
    const refused = open || Object.values(o.side ?? {}).some((m) => m.length > 0);
    const body = html`${e.breadcrumb(ctx, snapshot, row, values)}${notices(refused ? undefined : o.message, o.error)}
${e.above?.(ctx, snapshot, row, o.side ?? {}) ?? ''}
${e.above && title ? html`<details class="row-settings"${open ? html` open` : ''}><summary>${title}</summary>${form}</details>` : form}
${e.below?.(ctx, snapshot, row, o.side ?? {}) ?? ''}
${dangerZone(ctx, `${base}/${row.id}/delete`, name, e.deleteBlocked?.(ctx, snapshot, row), e.deleteWarning?.(ctx, snapshot, row))}`;
    return renderPage(ctx, { title: e.titles(ctx).edit(name), body, active: e.active, scripts: e.scripts });
  };

  /** Every route: the audience first (403 before anything is read), then the owner's snapshot. */
  const route =
    (
      handler: (
        ctx: PanelContext,
        snapshot: MenuSnapshot,
        reply: FastifyReply,
        request: FastifyRequest,
      ) => Promise<unknown>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = request.panel;
      checkAudience(ctx, e.audience);
      return handler(ctx, await snapshotOf(request.tenant.id), reply, request);
    };

  if (e.list) {
    const list = e.list;
    app.get(
      e.path,
      route(async (ctx, snapshot, reply, request) => {
        const blank = e.blank(ctx, snapshot, () => undefined);
        if (blank === undefined) throw new NotFoundError();
        const message = doneMessage(ctx, (name) => queryParam(request, name), '');
        const form = formFor(ctx, snapshot, blank, {});
        const body = html`${notices(message, undefined)}${list(ctx, snapshot, form)}`;
        const title = e.listTitle?.(ctx) ?? e.titles(ctx).create(blank);
        return sendPage(reply, renderPage(ctx, { title, body, active: e.active, scripts: e.scripts }));
      }),
    );
  } else {
    app.get(
      `${e.path}/new`,
      route(async (ctx, snapshot, reply, request) => {
        const values = e.blank(ctx, snapshot, (name) => queryParam(request, name));
        if (values === undefined) throw new NotFoundError();
        return sendPage(reply, newPage(ctx, snapshot, values));
      }),
    );
  }

  app.post(
    e.path,
    route(async (ctx, snapshot, reply, request) => {
      const values = e.read(asForm(request.body), snapshot, undefined);
      const labels = e.labels(ctx, snapshot);
      const saved = await saveThrough(app, ctx, e.schema, e.toInput(values, snapshot), labels, (w, v: Static<S>) =>
        e.create(w, v),
      );
      if (saved.ok)
        return seeOther(reply, e.afterCreate?.(saved.result, values) ?? `${base}/${saved.result}?created=1`);
      return sendPage(reply, newPage(ctx, snapshot, values, saved.errors), saved.status);
    }),
  );

  app.get(
    `${e.path}/:id`,
    route(async (ctx, snapshot, reply, request) => {
      const row = rowOf(snapshot, request);
      const message = doneMessage(
        ctx,
        (name) => queryParam(request, name),
        e.name(ctx, snapshot, row),
        e.seen?.(ctx, snapshot, row),
        e.feminine,
      );
      return sendPage(reply, rowPage(ctx, snapshot, row, { message }));
    }),
  );

  app.post(
    `${e.path}/:id`,
    route(async (ctx, snapshot, reply, request) => {
      const row = rowOf(snapshot, request);
      const values = e.read(asForm(request.body), snapshot, row);
      const labels = e.labels(ctx, snapshot);
      const body = asForm(request.body);
      const saved = await saveThrough(
        app,
        ctx,
        e.schema,
        e.toInput(values, snapshot),
        labels,
        async (w, v: Static<S>) => {
          await e.update(w, row.id, v);
          await confirmStillRight(w, body);
        },
      );
      if (saved.ok) return seeOther(reply, `${base}/${row.id}?saved=1`);
      const page = rowPage(ctx, snapshot, row, { values, errors: saved.errors, error: saved.message });
      return sendPage(reply, page, saved.status);
    }),
  );

  app.post(
    `${e.path}/:id/delete`,
    route(async (ctx, snapshot, reply, request) => {
      const row = rowOf(snapshot, request);
      const action = `${base}/${row.id}/delete`;
      const name = e.name(ctx, snapshot, row);
      const blocked = e.deleteBlocked?.(ctx, snapshot, row);
      // Said before any confirmation is asked: nothing to confirm while the row cannot go.
      if (blocked) return sendPage(reply, rowPage(ctx, snapshot, row, { error: blocked }), 422);
      if (str(asForm(request.body), 'confirmed') !== 'yes') {
        const warning = e.deleteWarning?.(ctx, snapshot, row);
        return sendPage(
          reply,
          confirmPage(ctx, { action, name, back: `${base}/${row.id}`, active: e.active, warning }),
        );
      }
      const saved = await saveThrough(app, ctx, null, {}, {}, (w) => e.remove(w, row.id));
      if (saved.ok) return seeOther(reply, e.afterDelete(row));
      return sendPage(reply, rowPage(ctx, snapshot, row, { error: saved.message }), saved.status);
    }),
  );

  return {
    rowPage(ctx, snapshot, id, side) {
      const row = e.find(snapshot, id);
      if (!row) throw new NotFoundError();
      return rowPage(ctx, snapshot, row, { side });
    },
  };
}

/** The page of a one-row editor drawn again by a small form beside it, with that form's messages. */
export type SinglePage = (ctx: PanelContext, snapshot: MenuSnapshot, side: FieldErrors) => Html;

/** Registers the page and the save of a resource of one row per restaurant. */
export function registerSingleEditor<Values, S extends TSchema>(
  app: FastifyInstance,
  e: SingleEditor<Values, S>,
): { page: SinglePage } {
  const action = `/admin${e.path}`;
  const page = (
    ctx: PanelContext,
    snapshot: MenuSnapshot,
    values: Values,
    errors: FieldErrors,
    saved: boolean,
    side: FieldErrors = {},
  ) => {
    const summary = errorSummary(ctx, errors, e.labels(ctx, snapshot));
    const fields = e.fields(ctx, snapshot, values, errors, undefined);
    const form = formElement(ctx, fields, { action, submit: ctx.t.save, id: e.formId });
    const body = html`${saved ? notice('success', ctx.t.saved) : ''}${
      e.layout ? e.layout(ctx, values, { summary, form, side, snapshot }) : html`${summary}${form}`
    }`;
    return renderPage(ctx, { title: e.title(ctx), body, active: e.active, scripts: e.scripts });
  };

  app.get(e.path, async (request, reply) => {
    const ctx = request.panel;
    checkAudience(ctx, e.audience);
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const saved = queryParam(request, 'saved') === '1';
    return sendPage(reply, page(ctx, snapshot, e.load(snapshot), {}, saved));
  });

  app.post(e.path, async (request, reply) => {
    const ctx = request.panel;
    checkAudience(ctx, e.audience);
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const typed = e.read(asForm(request.body), snapshot, undefined);
    const labels = e.labels(ctx, snapshot);
    const body = asForm(request.body);
    const saved = await saveThrough(
      app,
      ctx,
      e.schema,
      e.toInput(typed, snapshot),
      labels,
      async (w, v: Static<S>) => {
        await e.save(w, v);
        await confirmStillRight(w, body);
      },
      e.issues?.(typed) ?? [],
    );
    if (saved.ok) return seeOther(reply, `${action}?saved=1`);
    // Show what was typed (`read` lays it over the stored row), so nothing is lost while the owner fixes one field.
    return sendPage(reply, page(ctx, snapshot, typed, saved.errors, false), saved.status);
  });
  return { page: (ctx, snapshot, side) => page(ctx, snapshot, e.load(snapshot), {}, false, side) };
}
