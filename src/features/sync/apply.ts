// Applies a whole-menu document inside one write: wineries, then each section with its
// sub-categories, dishes and sub-sections, every row through its resource's schema and service,
// so the document obeys the same rules as the admin API. Rows are matched by `external_id`, else
// by `id`, else created; what the document leaves out is kept unless `prune`. Every problem of
// every row is collected with its path in the document (`sections[0].items[1].price`) and thrown
// as one ValidationError, so a document with any error changes nothing. A prune that would delete
// every dish, or more than half of them, is refused unless the caller confirms the number it deletes
// (a dry run answers that number instead, with every row a prune deletes by name).

import type { TObject } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { RowCache } from '../../catalog/row-cache.js';
import { flushRows, readRow } from '../../catalog/rows.js';
import { type Actor, type Change, type MenuWrite, ownerSnapshot, writeMenu } from '../../catalog/write.js';
import {
  ConflictError,
  type FieldIssue,
  NotFoundError,
  PreconditionFailedError,
  ValidationError,
} from '../../core/errors.js';
import { allIds, findByExternalId, idsAndExternalIds, type MenuTable, setExternalId } from '../../db/menu-rows.js';
import { ifMatchHolds, menuTag } from '../../http/etag.js';
import { validate } from '../../http/validator.js';
import { CategoryInput, createCategory, deleteCategory, updateCategory } from '../../resources/categories/service.js';
import { createItem, deleteItem, ItemInput, updateItem } from '../../resources/items/service.js';
import {
  createOption,
  createOptionGroup,
  deleteOption,
  detachAndDeleteOptionGroup,
  OptionGroupInput,
  OptionInput,
  updateOption,
  updateOptionGroup,
} from '../../resources/options/service.js';
import { createType, deleteType, TypeInput, updateType } from '../../resources/types/service.js';
import { createWinery, deleteWinery, updateWinery, WineryInput } from '../../resources/wineries/service.js';
import {
  type DocItem,
  type DocOption,
  type DocOptionGroup,
  type DocSection,
  type DocSubCategory,
  type DocWinery,
  MenuDocument,
} from './document.js';

export interface Tally {
  created: number;
  updated: number;
  deleted: number;
  unchanged: number;
}
export type SyncSummary = Record<
  'wineries' | 'option_groups' | 'options' | 'sections' | 'sub_categories' | 'items',
  Tally
>;
type Kind = keyof SyncSummary;
/** A row a prune deletes, named in the restaurant's default language. */
export interface Deletion {
  id: number;
  name: string;
}
export type SyncDeletions = Record<Kind, Deletion[]>;

/** A row the document creates or changes: the stored row before (null when created) and after, for a preview naming every field. */
export interface RowChange {
  id: number;
  name: string;
  action: 'created' | 'updated';
  before: object | null;
  after: object | null;
}
export type SyncChanges = Record<Kind, RowChange[]>;

export interface ApplyOptions {
  prune: boolean;
  /** The number of dishes the caller confirms a prune deletes (`confirm_delete`). */
  confirmDelete?: number;
  /** A dry run answers the number to confirm instead of refusing the prune. */
  dryRun?: boolean;
  /** The language rows are named in, for `deletions`. */
  locale?: string;
}

export interface SyncOutcome {
  summary: SyncSummary;
  deletions: SyncDeletions;
  /** Every row created or changed, in the document's order. */
  changes: SyncChanges;
  /** Dishes this prune deletes when that needs `confirm_delete` (every dish, or more than half); else null. */
  confirmDelete: { deleted: number; total: number } | null;
}

/** Whether deleting `deleted` of `total` dishes needs the caller's confirmation. */
export function pruneNeedsConfirmation(deleted: number, total: number): boolean {
  return deleted > 0 && deleted * 2 > total;
}

const TABLE: Record<Kind, MenuTable> = {
  wineries: 'wineries',
  option_groups: 'option_groups',
  options: 'options',
  sections: 'categories',
  sub_categories: 'types',
  items: 'items',
};

const blank = (): Tally => ({ created: 0, updated: 0, deleted: 0, unchanged: 0 });
const KINDS = Object.keys(TABLE) as Kind[];
/** One fresh value per kind of row. */
const perKind = <T>(make: () => T) => Object.fromEntries(KINDS.map((k) => [k, make()])) as Record<Kind, T>;

/** Who a row of the document is: its id in this restaurant once matched or created. */
interface Seen {
  byDocId: Map<number, number>;
  byExternalId: Map<string, number>;
  touched: Set<number>;
}

class Sync {
  readonly summary = perKind(blank) as SyncSummary;
  readonly deletions = perKind((): Deletion[] => []) as SyncDeletions;
  readonly changes = perKind((): RowChange[] => []) as SyncChanges;
  readonly issues: FieldIssue[] = [];
  readonly seen = perKind((): Seen => ({ byDocId: new Map(), byExternalId: new Map(), touched: new Set() }));
  /** Changes recorded during the current row's write, to tell updated from unchanged. */
  private current: Change[] = [];
  readonly w: MenuWrite;

  constructor(
    outer: MenuWrite,
    private readonly locale: string,
    rows: RowCache,
  ) {
    this.w = {
      ...outer,
      rows,
      record: (change) => {
        this.current.push(change);
        outer.record(change);
      },
    };
  }

  private fail(path: string, err: unknown): void {
    if (err instanceof ValidationError) {
      for (const issue of err.issues) this.issues.push({ ...issue, field: `${path}.${bracketed(issue.field)}` });
    } else if (err instanceof ConflictError) {
      this.issues.push({ field: `${path}.${err.field ?? 'id'}`, rule: err.messageKey });
    } else if (err instanceof NotFoundError) {
      this.issues.push({ field: `${path}.id`, rule: 'exists' });
    } else {
      throw err;
    }
  }

  /** The row the document means, by external_id, else id; undefined for a new one. */
  private async match(kind: Kind, row: { id?: number; external_id?: string | null }) {
    const known = await this.known(kind);
    let found: { id: number; external_id: string | null } | undefined;
    if (typeof row.external_id === 'string') {
      const id = known.byExternalId.get(row.external_id);
      if (id !== undefined) found = { id, external_id: row.external_id };
    }
    // A row matched by id that another document row already claimed by external_id is not matched twice.
    if (!found && typeof row.id === 'number' && known.byId.has(row.id) && !this.seen[kind].touched.has(row.id)) {
      found = { id: row.id, external_id: known.byId.get(row.id) ?? null };
    }
    return found;
  }

  /**
   * The restaurant's rows of `kind` by id and by external id, read once and kept current as this
   * write creates rows and sets external ids (matching 2,000 dishes is then no query per dish).
   */
  private readonly index: Partial<
    Record<Kind, { byId: Map<number, string | null>; byExternalId: Map<string, number> }>
  > = {};
  private async known(kind: Kind) {
    let known = this.index[kind];
    if (!known) {
      const rows = await idsAndExternalIds(this.w.trx, TABLE[kind], this.w.tenantId);
      known = {
        byId: new Map(rows.map((r) => [r.id, r.external_id])),
        byExternalId: new Map(rows.flatMap((r) => (r.external_id === null ? [] : [[r.external_id, r.id] as const]))),
      };
      this.index[kind] = known;
    }
    return known;
  }
  private noteExternalId(kind: Kind, id: number, before: string | null, after: string | null) {
    const known = this.index[kind];
    if (!known) return;
    if (before !== null && known.byExternalId.get(before) === id) known.byExternalId.delete(before);
    if (after !== null) known.byExternalId.set(after, id);
    known.byId.set(id, after);
  }

  /**
   * Creates or updates one row: `input` is checked against `schema`, then written by the service;
   * returns the row's id in this restaurant, or undefined when it failed.
   */
  async row<I>(
    kind: Kind,
    path: string,
    doc: { id?: number; external_id?: string | null },
    schema: TObject,
    input: Record<string, unknown>,
    write: {
      create(w: MenuWrite, input: I): Promise<number>;
      update(w: MenuWrite, id: number, input: I): Promise<void>;
    },
  ): Promise<number | undefined> {
    const table = TABLE[kind];
    const seen = this.seen[kind];
    if (typeof doc.external_id === 'string' && seen.byExternalId.has(doc.external_id)) {
      this.issues.push({ field: `${path}.external_id`, rule: 'distinct' });
      return undefined;
    }
    const checked = validate(schema, input, false);
    if (checked.issues.length > 0) {
      for (const issue of checked.issues) this.issues.push({ ...issue, field: `${path}.${bracketed(issue.field)}` });
      return undefined;
    }
    const existing = await this.match(kind, doc);
    // Dishes' updates wait to go together (PostgreSQL): anything else may read what they change.
    if (kind !== 'items' || !existing) await flushRows(this.w);
    this.current = [];
    let id: number;
    try {
      if (existing) {
        id = existing.id;
        await write.update(this.w, id, checked.value as I);
      } else {
        id = await write.create(this.w, checked.value as I);
        this.noteExternalId(kind, id, null, null);
      }
      const externalId = doc.external_id;
      if (externalId !== undefined && (existing?.external_id ?? null) !== externalId) {
        const holder =
          typeof externalId === 'string'
            ? await findByExternalId(this.w.trx, table, this.w.tenantId, externalId)
            : undefined;
        if (holder && holder.id !== id) {
          this.issues.push({ field: `${path}.external_id`, rule: 'unique' });
        } else {
          const before = await readRow(this.w, table, id);
          await flushRows(this.w);
          await setExternalId(this.w.trx, table, this.w.tenantId, id, externalId);
          if (before) this.w.rows?.put(table, { ...before, external_id: externalId });
          this.noteExternalId(kind, id, existing?.external_id ?? null, externalId);
          this.w.record({
            resource: table,
            id,
            action: 'updated',
            before: before ?? null,
            after: { ...before, external_id: externalId },
          });
        }
      }
    } catch (err) {
      this.fail(path, err);
      return undefined;
    }
    if (!existing) this.summary[kind].created += 1;
    else if (this.current.length > 0) this.summary[kind].updated += 1;
    else this.summary[kind].unchanged += 1;
    if (!existing || this.current.length > 0) {
      const after = this.current.at(-1)?.after ?? null;
      this.changes[kind].push({
        id,
        name: this.nameOf((after ?? undefined) as Record<string, unknown> | undefined),
        action: existing ? 'updated' : 'created',
        before: existing ? (this.current[0]?.before ?? null) : null,
        after,
      });
    }
    seen.touched.add(id);
    if (typeof doc.id === 'number') seen.byDocId.set(doc.id, id);
    if (typeof doc.external_id === 'string') seen.byExternalId.set(doc.external_id, id);
    return id;
  }

  /** A reference of a dish: by the document's external_id, else its id (a row of the document, or an existing one). */
  async ref(
    kind: Kind,
    path: string,
    field: string,
    id: number | null | undefined,
    externalId: string | null | undefined,
  ) {
    const seen = this.seen[kind];
    if (typeof externalId === 'string') {
      const known =
        seen.byExternalId.get(externalId) ??
        (await findByExternalId(this.w.trx, TABLE[kind], this.w.tenantId, externalId))?.id;
      if (known === undefined)
        this.issues.push({ field: `${path}.${field.replace(/_id$/, '_external_id')}`, rule: 'exists' });
      return known ?? null;
    }
    if (id === null || id === undefined) return id;
    return seen.byDocId.get(id) ?? id;
  }

  /** A row's name in the restaurant's language (wineries have one name). */
  private nameOf(row: Record<string, unknown> | undefined): string {
    if (!row) return '';
    if (typeof row.name_translations === 'string') {
      const names = JSON.parse(row.name_translations) as Record<string, string>;
      return names[this.locale] ?? Object.values(names)[0] ?? '';
    }
    return typeof row.name === 'string' ? row.name : '';
  }

  /** Deletes the restaurant's rows of `kind` the document did not name (dishes first, wineries last). */
  async prune(
    kind: Kind,
    remove: (w: MenuWrite, id: number) => Promise<void>,
    only?: (id: number) => Promise<boolean>,
  ) {
    for (const id of await allIds(this.w.trx, TABLE[kind], this.w.tenantId)) {
      if (this.seen[kind].touched.has(id) || (only && !(await only(id)))) continue;
      try {
        const row = (await readRow(this.w, TABLE[kind], id)) as Record<string, unknown> | undefined;
        await remove(this.w, id);
        this.summary[kind].deleted += 1;
        this.deletions[kind].push({ id, name: this.nameOf(row) });
      } catch (err) {
        this.fail(`${kind}[id=${id}]`, err);
      }
    }
  }
}

const withoutUndefined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

function wineryInput(d: DocWinery) {
  return withoutUndefined({
    name: d.name,
    region: d.region,
    country: d.country,
    description: d.description,
    website_url: d.website_url,
  });
}

function sectionInput(d: DocSection, parentId: number | null) {
  return withoutUndefined({
    parent_id: parentId,
    menu_type: d.menu_type,
    name: d.name,
    notes: d.notes,
    display_order: d.display_order,
    is_active: d.is_active,
    show_subcategories: d.show_subcategories,
    time_visibility_enabled: d.time_visibility_enabled,
    time_start: d.time_start,
    time_end: d.time_end,
    weekdays: d.weekdays,
    date_from: d.date_from,
    date_to: d.date_to,
    set_price: d.set_price,
  });
}

async function applySection(
  sync: Sync,
  d: DocSection,
  path: string,
  parentId: number | null,
): Promise<number | undefined> {
  const id = await sync.row('sections', path, d, CategoryInput, sectionInput(d, parentId), {
    create: createCategory,
    update: updateCategory,
  });
  if (id === undefined) return undefined;
  for (const [j, t] of (d.sub_categories ?? []).entries()) {
    const input = withoutUndefined({
      category_id: id,
      name: t.name,
      display_order: t.display_order,
      is_active: t.is_active,
    });
    await sync.row('sub_categories', `${path}.sub_categories[${j}]`, t as DocSubCategory, TypeInput, input, {
      create: createType,
      update: updateType,
    });
  }
  for (const [j, item] of (d.items ?? []).entries()) {
    const itemPath = `${path}.items[${j}]`;
    const i = item as DocItem;
    const input = withoutUndefined({
      category_id: id,
      type_id: await sync.ref('sub_categories', itemPath, 'type_id', i.type_id, i.type_external_id),
      winery_id: await sync.ref('wineries', itemPath, 'winery_id', i.winery_id, i.winery_external_id),
      name: i.name,
      description: i.description,
      price: i.price,
      allergens: i.allergens,
      allergen_traces: i.allergen_traces,
      variants: i.variants,
      dietary: i.dietary,
      is_active: i.is_active,
      is_recommended: i.is_recommended,
      display_order: i.display_order,
      option_group_ids: await dishGroupRefs(sync, itemPath, i),
    });
    await sync.row('items', itemPath, i, ItemInput, input, { create: createItem, update: updateItem });
  }
  return id;
}

/** An option group and its options, matched like every row. */
async function applyOptionGroup(sync: Sync, g: DocOptionGroup, i: number): Promise<void> {
  const path = `option_groups[${i}]`;
  const input = withoutUndefined({
    name: g.name,
    min_choices: g.min_choices,
    max_choices: g.max_choices,
    display_order: g.display_order,
    is_active: g.is_active,
  });
  const id = await sync.row('option_groups', path, g, OptionGroupInput, input, {
    create: createOptionGroup,
    update: updateOptionGroup,
  });
  if (id === undefined) return;
  for (const [j, o] of (g.options ?? []).entries()) {
    const option = o as DocOption;
    const values = withoutUndefined({
      group_id: id,
      name: option.name,
      price_change: option.price_change,
      allergens: option.allergens,
      allergen_traces: option.allergen_traces,
      dietary: option.dietary,
      is_active: option.is_active,
      display_order: option.display_order,
    });
    await sync.row('options', `${path}.options[${j}]`, option, OptionInput, values, {
      create: createOption,
      update: updateOption,
    });
  }
}

/**
 * A dish's groups as ids of this restaurant, in the document's order: each by its external_id
 * (a group of the document or one stored), else its id; undefined when the dish does not say.
 * A group a dish names is kept by a prune.
 */
async function dishGroupRefs(sync: Sync, itemPath: string, item: DocItem): Promise<number[] | undefined> {
  if (item.option_groups === undefined) return undefined;
  const seen = sync.seen.option_groups;
  const { trx, tenantId } = sync.w;
  const ids: number[] = [];
  for (const [k, ref] of item.option_groups.entries()) {
    const path = `${itemPath}.option_groups[${k}]`;
    let id: number | undefined;
    if (typeof ref.external_id === 'string') {
      id =
        seen.byExternalId.get(ref.external_id) ??
        (await findByExternalId(trx, 'option_groups', tenantId, ref.external_id))?.id;
      if (id === undefined) sync.issues.push({ field: `${path}.external_id`, rule: 'exists' });
    } else if (typeof ref.id === 'number') {
      id = seen.byDocId.get(ref.id) ?? ((await readRow(sync.w, 'option_groups', ref.id)) ? ref.id : undefined);
      if (id === undefined) sync.issues.push({ field: `${path}.id`, rule: 'exists' });
    } else {
      sync.issues.push({ field: `${path}.id`, rule: 'required' });
    }
    if (id === undefined) continue;
    if (ids.includes(id)) sync.issues.push({ field: path, rule: 'distinct' });
    else ids.push(id);
    seen.touched.add(id);
  }
  return ids;
}

/** Every schema an import checks rows against. */
const IMPORT_SCHEMAS = [MenuDocument, WineryInput, OptionGroupInput, OptionInput, CategoryInput, TypeInput, ItemInput];

/**
 * Compiles the import's checks now (each is compiled on first use: a few hundred ms together, more
 * on a busy machine); one per turn of the event loop, so requests are answered in between (warm.ts).
 */
export async function compileImportChecks(): Promise<void> {
  for (const schema of IMPORT_SCHEMAS) {
    await new Promise((resolve) => setImmediate(resolve));
    validate(schema, {}, false);
  }
}

/**
 * Applies the document in `w`'s transaction and answers the summary; throws one ValidationError
 * listing every problem (the caller's transaction then rolls back: nothing is half-written).
 */
export async function applyDocument(w: MenuWrite, body: unknown, options: ApplyOptions): Promise<SyncOutcome> {
  const shape = validate(MenuDocument, body, false);
  if (shape.issues.length > 0)
    throw new ValidationError(shape.issues.map((i) => ({ ...i, field: bracketed(i.field) })));
  const doc = shape.value as MenuDocument;
  // Every row the document may touch, read once: matching, checking and updating 2,000 dishes then
  // costs a round trip only for what changes (PostgreSQL answered a preview in 2.4–5 s without it).
  const rows = await RowCache.load(w.trx, w.tenantId, ['items', 'categories', 'types', 'wineries', 'option_groups']);
  const sync = new Sync(w, options.locale ?? 'it', rows);
  let confirmDelete: SyncOutcome['confirmDelete'] = null;
  for (const [i, winery] of (doc.wineries ?? []).entries()) {
    await sync.row('wineries', `wineries[${i}]`, winery, WineryInput, wineryInput(winery), {
      create: createWinery,
      update: updateWinery,
    });
  }
  for (const [i, group] of (doc.option_groups ?? []).entries()) await applyOptionGroup(sync, group, i);
  for (const [i, section] of doc.sections.entries()) {
    const parentId = await applySection(sync, section, `sections[${i}]`, null);
    if (parentId === undefined) continue;
    for (const [j, child] of (section.sections ?? []).entries()) {
      await applySection(sync, child as DocSection, `sections[${i}].sections[${j}]`, parentId);
    }
  }
  await flushRows(sync.w);
  if (options.prune && sync.issues.length === 0) {
    // The dishes there were before this document: those there are now, less the ones it created.
    const total = (await allIds(sync.w.trx, 'items', sync.w.tenantId)).length - sync.summary.items.created;
    await sync.prune('items', deleteItem);
    const deleted = sync.summary.items.deleted;
    if (pruneNeedsConfirmation(deleted, total) && options.confirmDelete !== deleted) {
      confirmDelete = { deleted, total };
      if (!options.dryRun)
        sync.issues.push({ field: 'confirm_delete', rule: 'prune_confirm', params: { deleted, total } });
    }
    await sync.prune('sub_categories', deleteType);
    const isChild = async (id: number) => (await readRow(sync.w, 'categories', id))?.parent_id != null;
    await sync.prune('sections', deleteCategory, isChild);
    await sync.prune('sections', deleteCategory);
    await sync.prune('wineries', deleteWinery);
    await sync.prune('options', deleteOption);
    // A group the document leaves out goes from the dishes that still carry it: the prune says so.
    await sync.prune('option_groups', detachAndDeleteOptionGroup);
  }
  await flushRows(sync.w);
  if (sync.issues.length > 0) throw new ValidationError(sync.issues);
  return { summary: sync.summary, deletions: sync.deletions, changes: sync.changes, confirmDelete };
}

/** `sections.0.items.1.price` as a person reads a document path: `sections[0].items[1].price`. */
export function bracketed(dotted: string): string {
  return dotted.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/** Thrown inside the write to roll it back while keeping the summary (dry run, or nothing to change). */
class RollBack extends Error {
  constructor(readonly outcome: SyncOutcome) {
    super('rolled back on purpose');
  }
}

/**
 * Imports a document for the API and the CLI: one write (one menu version, one webhook event),
 * rolled back on a dry run or when it would change nothing. `changed` says whether anything
 * was (or, on a dry run, would be) written.
 */
export async function importMenu(
  app: FastifyInstance,
  tenantId: number,
  actor: Actor,
  body: unknown,
  options: { dryRun: boolean; prune: boolean; confirmDelete?: number; ifMatch?: string },
): Promise<{ changed: boolean } & SyncOutcome> {
  const locale = options.prune ? (await ownerSnapshot(app, tenantId)).settings.default_locale : undefined;
  try {
    const outcome = await writeMenu(app, tenantId, actor, async (w) => {
      // If-Match: the menu the client read must still be the menu now (checked in the transaction).
      if (options.ifMatch !== undefined) {
        const row = await w.trx
          .selectFrom('tenants')
          .select('menu_version')
          .where('id', '=', tenantId)
          .executeTakeFirst();
        if (!row || !ifMatchHolds(options.ifMatch, menuTag(row.menu_version))) {
          throw new PreconditionFailedError('precondition_failed');
        }
      }
      let changes = 0;
      const counting: MenuWrite = {
        ...w,
        record: (change) => {
          changes++;
          return w.record(change);
        },
      };
      const result = await applyDocument(counting, body, { ...options, locale });
      if (options.dryRun || changes === 0) throw new RollBack(result);
      return result;
    });
    return { changed: true, ...outcome };
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
    const wouldChange = Object.values(err.outcome.summary).some((t) => t.created + t.updated + t.deleted > 0);
    return { changed: options.dryRun && wouldChange, ...err.outcome };
  }
}
