// Ajv's errors (allErrors, verbose) as field issues: one per failed rule, dotted paths, and the
// order a reader meets them in the body. Runs only when a value fails.
import type { ErrorObject } from 'ajv';
import type { FieldIssue } from '../../core/errors.js';
import { KEYWORD_RULES, type RankedIssue, type Schema } from './rules.js';

export function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/** JSON pointer (`/events/3/type`) to the wire's dotted path (`events.3.type`). */
function dotted(pointer: string): string {
  const path = pointer.slice(1).replaceAll('/', '.');
  return path.includes('~') ? path.replaceAll('~1', '/').replaceAll('~0', '~') : path;
}

/** `pointer` is `base` or inside it (`/events/3/type` is in `/events/3`, not in `/events/30`). */
function within(pointer: string, base: string): boolean {
  return pointer.startsWith(base) && (pointer.length === base.length || pointer[base.length] === '/');
}

export function fitsType(type: unknown, value: unknown): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}

/**
 * Which branch of a failed union explains the failure: the last one whose type fits the value
 * (a literal never does), else the first.
 */
export function chosenBranch(branches: Schema[], readingOf: (i: number) => unknown): number {
  let chosen = 0;
  for (let i = 1; i < branches.length; i++) {
    if (fitsType(branches[i].type, readingOf(i)) && !('const' in branches[i])) chosen = i;
  }
  return chosen;
}

const isLiteral = (s: Schema | undefined) => s !== undefined && ('const' in s || 'enum' in s);

/** The schema node an error belongs to, at its place in the value. */
function nodeOf(e: ErrorObject): string {
  return `${e.instancePath}|${e.schemaPath.slice(0, e.schemaPath.lastIndexOf('/'))}`;
}

interface Dropped {
  schemaPath: string;
  instancePath: string;
}

function isDropped(e: ErrorObject, dropped: Dropped[]): boolean {
  for (const d of dropped)
    if (e.schemaPath.startsWith(d.schemaPath) && within(e.instancePath, d.instancePath)) return true;
  return false;
}

/** Errors left once each failed union keeps only its chosen branch's (outer unions first). */
function resolveUnions(errors: ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf');
  if (unions.length === 0) return errors;
  unions.sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  const dropped: Dropped[] = [];
  for (const union of unions) {
    if (isDropped(union, dropped)) continue;
    const branches = union.schema as Schema[];
    const chosen = chosenBranch(branches, () => union.data);
    for (let i = 0; i < branches.length; i++) {
      if (i !== chosen) dropped.push({ schemaPath: `${union.schemaPath}/${i}/`, instancePath: union.instancePath });
    }
  }
  // The union's own error says nothing more than its chosen branch's.
  return errors.filter((e) => e.keyword !== 'anyOf' && !isDropped(e, dropped));
}

class Collected {
  readonly issues: RankedIssue[] = [];
  private readonly seen = new Set<string>();
  add(issue: RankedIssue): void {
    const key = `${issue.field}|${issue.rule}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.issues.push(issue);
  }
  /** A missing object also misses its required members: `name` and `name.it`. */
  requireDeep(schema: Schema | undefined, path: string): void {
    if (schema?.type !== 'object' || !Array.isArray(schema.required)) return;
    for (const key of schema.required as string[]) {
      const field = join(path, key);
      this.add({ field, rule: 'required', rank: 0 });
      this.requireDeep(schema.properties?.[key], field);
    }
  }
}

/** Ajv's errors as field issues, one per failed rule, in the order of the value (see inWalkOrder). */
export function toIssues(errors: ErrorObject[], schema: Schema, value: unknown): FieldIssue[] {
  const live = resolveUnions(errors);
  // A value of the wrong type, or an over-long list, reports that alone (its other rules do not apply).
  const typeFailed = new Set<string>();
  const patternFailed = new Set<string>();
  const tooLong: ErrorObject[] = [];
  for (const e of live) {
    if (e.keyword === 'type' && !isLiteral(e.parentSchema)) typeFailed.add(nodeOf(e));
    else if (e.keyword === 'pattern') patternFailed.add(nodeOf(e));
    else if (e.keyword === 'maxItems') tooLong.push(e);
  }
  const out = new Collected();
  for (const e of live) {
    const at = nodeOf(e);
    if (e.keyword !== 'type' && typeFailed.has(at)) continue;
    if (e.keyword === 'format' && patternFailed.has(at)) continue;
    if (tooLong.length > 0 && inTooLong(e, at, tooLong)) continue;
    let field = dotted(e.instancePath);
    if (e.keyword === 'required') field = join(field, e.params.missingProperty);
    if (e.keyword === 'additionalProperties') field = join(field, e.params.additionalProperty);
    const make = isLiteral(e.parentSchema) ? KEYWORD_RULES.const : KEYWORD_RULES[e.keyword];
    if (!make) throw new Error(`validator: no message for schema keyword "${e.keyword}"`);
    out.add({ field, ...make(e) });
    if (e.keyword === 'required') out.requireDeep(e.parentSchema?.properties?.[e.params.missingProperty], field);
  }
  return inWalkOrder(out.issues, schema, value);
}

/** Issues from several sources (a body's schema, a handler's rules) in the order a reader meets them. */
export function orderIssues(issues: FieldIssue[], schema: Schema, value: unknown): FieldIssue[] {
  return inWalkOrder(
    issues.map((issue) => ({ ...issue, rank: 0 })),
    schema,
    value,
  );
}

/** An entry of an over-long list, or another rule of that list: not checked once the length fails. */
function inTooLong(e: ErrorObject, at: string, tooLong: ErrorObject[]): boolean {
  for (const t of tooLong) if (t !== e && (within(e.instancePath, t.instancePath) || nodeOf(t) === at)) return true;
  return false;
}

const byRank = (a: RankedIssue, b: RankedIssue) => a.rank - b.rank;

/**
 * Orders issues as a reader meets them in the value: a field before its members, members in the
 * schema's order then extra keys in the value's order, list entries by index; within one field,
 * by rank (text, then bounds, then shape). Only paths that lead to an issue are visited.
 */
function inWalkOrder(issues: RankedIssue[], schema: Schema, value: unknown): FieldIssue[] {
  const walk = new OrderWalk(issues);
  walk.visit(schema, value, '');
  // Anything the walk could not place (it should not happen) is still reported, last.
  for (const rest of walk.byField.values()) walk.emit(rest);
  return walk.out;
}

class OrderWalk {
  readonly byField = new Map<string, RankedIssue[]>();
  readonly out: FieldIssue[] = [];
  /** Path → the next segments under it that lead to an issue. */
  private readonly children = new Map<string, Set<string>>();

  constructor(issues: RankedIssue[]) {
    for (const issue of issues) {
      const list = this.byField.get(issue.field);
      if (list) list.push(issue);
      else this.byField.set(issue.field, [issue]);
      let parent = '';
      for (const segment of issue.field.split('.')) {
        const next = this.children.get(parent) ?? new Set<string>();
        this.children.set(parent, next);
        next.add(segment);
        parent = join(parent, segment);
      }
    }
  }

  emit(list: RankedIssue[]): void {
    for (const { rank: _, ...issue } of list.sort(byRank)) this.out.push(issue);
  }

  visit(schema: Schema | undefined, value: unknown, path: string): void {
    const own = this.byField.get(path);
    if (own) {
      this.emit(own);
      this.byField.delete(path);
    }
    const next = this.children.get(path);
    if (!next) return;
    this.children.delete(path);
    const schemas = alternatives(schema, []);
    const members = value as Record<string, unknown> | undefined;
    // Members the schema names, in its order; then list entries by index, or extra members in the value's order.
    for (const alt of schemas) {
      for (const key in alt.properties) {
        if (next.delete(key)) this.visit(alt.properties[key], members?.[key], join(path, key));
      }
    }
    let rest = [...next];
    if (Array.isArray(value)) rest.sort((a, b) => Number(a) - Number(b));
    else if (typeof value === 'object' && value !== null) {
      const order = Object.keys(value);
      rest = order.filter((key) => next.has(key)).concat(rest.filter((key) => !Object.hasOwn(value, key)));
    }
    const sub = Array.isArray(value) ? itemsSchema(schemas) : extraSchema(schemas);
    for (const key of rest) this.visit(sub, members?.[key], join(path, key));
  }
}

/** The schema of a list's entries. */
function itemsSchema(schemas: Schema[]): Schema | undefined {
  for (const alt of schemas) if (alt.items) return alt.items;
  return undefined;
}

/** The schemas describing one value: the schema and, through unions, each branch. */
function alternatives(schema: Schema | undefined, into: Schema[]): Schema[] {
  if (!schema) return into;
  into.push(schema);
  if (Array.isArray(schema.anyOf)) for (const branch of schema.anyOf) alternatives(branch, into);
  return into;
}

/** The schema of members not named in `properties`. */
function extraSchema(schemas: Schema[]): Schema | undefined {
  for (const alt of schemas) {
    for (const key in alt.patternProperties) return alt.patternProperties[key];
    if (typeof alt.additionalProperties === 'object') return alt.additionalProperties;
  }
  return undefined;
}
