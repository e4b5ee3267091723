/**
 * What a client sees of a stored row: `id`, `documentId`, the attributes (unset ones `null`),
 * the timestamps and `locale`. Private and password attributes never leave; components,
 * dynamic zones and relations appear only when populated. Component and dynamic-zone entries carry
 * their `id` only when the project asks for it (`rest.componentIds`): the spec leaves it out, Strapi 5
 * answers it.
 */
import type { Attribute, RelationAttribute } from '../schema/index.js';
import type { DocumentStatus } from '../storage/index.js';
import { compareBy, compileFilter, LOCALIZATIONS, localizationsAttribute, type EvalContext, type Model, type ModelLookup, type PopulateNode, type PopulateTree } from '../model/index.js';

export interface PresentContext {
  lookup: ModelLookup;
  status: DocumentStatus;
  /** Resolves a relation of a row (same status and locale rules as reads). */
  related(model: Model, attributeName: string, row: Record<string, unknown>): Array<Record<string, unknown>>;
  evalContext: EvalContext;
  /** Component and dynamic-zone entries keep their stored, status-local `id` (`rest.componentIds`). */
  componentIds: boolean;
}

export interface PresentOptions {
  populate?: PopulateTree;
  /** Scalar attributes to keep (id and documentId always stay); undefined keeps all. */
  fields?: string[];
}

const TRAILING_FIELDS = ['createdAt', 'updatedAt', 'publishedAt'] as const;

/** Hidden from every response: password attributes and `private: true`. */
export function isHidden(attribute: Attribute): boolean {
  return attribute.type === 'password' || attribute.private === true;
}

function isScalar(attribute: Attribute): boolean {
  return attribute.type !== 'component' && attribute.type !== 'dynamiczone' && attribute.type !== 'relation';
}

/**
 * Shapes one row for a response.
 * @example present(articleModel, row, { populate: { category: {} } }, ctx)
 */
export function present(model: Model, row: Record<string, unknown>, options: PresentOptions, ctx: PresentContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keep = options.fields ? new Set(options.fields) : undefined;
  if (!model.isComponent) {
    out.id = row.id;
    out.documentId = row.documentId;
  } else {
    if (row.__component !== undefined) out.__component = row.__component;
    // `fields` never drops it, as it never drops a document's.
    if (ctx.componentIds && row.id !== undefined) out.id = row.id;
  }
  for (const [name, attribute] of Object.entries(model.attributes)) {
    if (isHidden(attribute)) continue;
    if (isScalar(attribute)) {
      if (!keep || keep.has(name)) out[name] = row[name] ?? null;
      continue;
    }
    const node = options.populate?.[name];
    if (!node) continue;
    out[name] = presentNested(model, name, attribute, row, node, ctx);
  }
  if (!model.isComponent) {
    for (const field of TRAILING_FIELDS) if (!keep || keep.has(field)) out[field] = row[field] ?? null;
    if (model.localized && (!keep || keep.has('locale'))) out.locale = row.locale ?? null;
    const localizations = model.localized && options.populate && Object.hasOwn(options.populate, LOCALIZATIONS) ? options.populate[LOCALIZATIONS] : undefined;
    if (localizations) out[LOCALIZATIONS] = presentNested(model, LOCALIZATIONS, localizationsAttribute(model), row, localizations, ctx);
  }
  return out;
}

function presentNested(model: Model, name: string, attribute: Attribute, row: Record<string, unknown>, node: PopulateNode, ctx: PresentContext): unknown {
  if (attribute.type === 'component') {
    const component = ctx.lookup.model(attribute.component);
    const value = row[name];
    if (!component || value === undefined || value === null) return attribute.repeatable ? [] : null;
    const shape = (entry: unknown) => present(component, entry as Record<string, unknown>, { populate: node.populate, fields: node.fields }, ctx);
    if (!Array.isArray(value)) return shape(value);
    let entries = value as Array<Record<string, unknown>>;
    if (node.filters) entries = entries.filter(compileFilter(node.filters, component, ctx.evalContext));
    if (node.sort && node.sort.length > 0) entries = [...entries].sort(compareBy(node.sort, component, ctx.evalContext));
    return windowed(entries, node).map(shape);
  }
  if (attribute.type === 'dynamiczone') {
    const entries = Array.isArray(row[name]) ? (row[name] as Array<Record<string, unknown>>) : [];
    return entries.flatMap((entry) => {
      const uid = entry.__component as string;
      const fragment = node.on ? node.on[uid] : node;
      if (node.on && !fragment) return [];
      const component = ctx.lookup.model(uid);
      return component ? [present(component, entry, { populate: fragment?.populate, fields: fragment?.fields }, ctx)] : [];
    });
  }
  const relation = attribute as RelationAttribute;
  const target = ctx.lookup.model(relation.target);
  if (!target) return null;
  let rows = ctx.related(model, name, row);
  if (node.filters) {
    const matches = compileFilter(node.filters, target, ctx.evalContext);
    rows = rows.filter(matches);
  }
  if (node.count) return { count: rows.length };
  if (node.sort && node.sort.length > 0) rows = [...rows].sort(compareBy(node.sort, target, ctx.evalContext));
  const many = relation.relation === 'oneToMany' || relation.relation === 'manyToMany';
  if (many) rows = windowed(rows, node);
  const shaped = rows.map((entry) => present(target, entry, { populate: node.populate, fields: node.fields }, ctx));
  return many ? shaped : (shaped[0] ?? null);
}

/** The entries of a populated list inside its `start`/`limit` window (all of them without one). */
function windowed<T>(entries: T[], node: PopulateNode): T[] {
  if (node.start === undefined && node.limit === undefined) return entries;
  const start = node.start ?? 0;
  return entries.slice(start, node.limit === undefined ? undefined : start + node.limit);
}

/** Per model, the populate that shows every component and dynamic zone (see `componentsOnly`). */
const componentTrees = new WeakMap<Model, PopulateTree>();

/**
 * What populates every component and dynamic zone of `model`, at any depth, and no relation or
 * media: the whole of a document's own content, as a webhook's entry carries it (Strapi 5 sends
 * its entries populated).
 * @example present(model, row, { populate: componentsOnly(model, lookup) }, ctx)
 */
export function componentsOnly(model: Model, lookup: ModelLookup): PopulateTree {
  let tree = componentTrees.get(model);
  if (!tree) componentTrees.set(model, (tree = componentTree(model, lookup, new Set([model.uid]))));
  return tree;
}

function componentTree(model: Model, lookup: ModelLookup, within: ReadonlySet<string>): PopulateTree {
  const tree: PopulateTree = {};
  // A component that holds itself (written by hand) is shown once, not forever.
  const nested = (uid: string): PopulateNode => {
    const component = within.has(uid) ? undefined : lookup.model(uid);
    return component ? { populate: componentTree(component, lookup, new Set([...within, uid])) } : {};
  };
  for (const [name, attribute] of Object.entries(model.attributes)) {
    if (isHidden(attribute)) continue;
    if (attribute.type === 'component') tree[name] = nested(attribute.component);
    else if (attribute.type === 'dynamiczone') tree[name] = { on: Object.fromEntries(attribute.components.map((uid) => [uid, nested(uid)])) };
  }
  return tree;
}

/**
 * A row's JSON text in the default shape (what `present` gives it with no populate and every
 * field), and where in it each attribute that shape leaves out would go: `slots[i]` is the offset
 * of the `,"name":…` of `leftOut(model)[i]`. Kept with a row, it serves the lists that populate
 * relations too, without presenting and serialising the row again (see `withPopulated`).
 */
export interface RowText {
  json: string;
  slots: number[];
}

/**
 * Where a content type's default shape leaves attributes out: their names, in the order `present`
 * puts them when populated, and after which key of the default shape each group of them goes.
 */
interface Layout {
  leftOut: string[];
  /** A key of the default shape → how many left-out attributes come right after it. */
  after: Map<string, number>;
}

const layouts = new WeakMap<Model, Layout>();

function layoutOf(model: Model): Layout {
  let layout = layouts.get(model);
  if (!layout) {
    layout = { leftOut: [], after: new Map() };
    let previous = 'documentId';
    for (const [name, attribute] of Object.entries(model.attributes)) {
      if (isHidden(attribute)) continue;
      if (isScalar(attribute)) {
        previous = name;
      } else {
        layout.leftOut.push(name);
        layout.after.set(previous, (layout.after.get(previous) ?? 0) + 1);
      }
    }
    layouts.set(model, layout);
  }
  return layout;
}

/** The attributes a content type's default shape leaves out and a populate may add (relations, components, dynamic zones), in the order `present` puts them. */
export function leftOut(model: Model): string[] {
  return layoutOf(model).leftOut;
}

/**
 * The text of `present(model, row, {}, ctx)`, as JSON.stringify gives it, with its slots: for a
 * content type's row (not a component's).
 */
export function rowText(model: Model, row: Record<string, unknown>, ctx: PresentContext): RowText {
  const { after } = layoutOf(model);
  let json = '';
  const slots: number[] = [];
  for (const [key, value] of Object.entries(present(model, row, {}, ctx))) {
    if (value !== undefined) json += `${json === '' ? '{' : ','}${JSON.stringify(key)}:${JSON.stringify(value)}`;
    for (let i = after.get(key) ?? 0; i > 0; i--) slots.push(json.length);
  }
  return { json: `${json === '' ? '{' : json}}`, slots };
}

/**
 * A row's text with populated attributes put in their places: `parts` holds, in `leftOut(model)`
 * order, each attribute's name and the JSON text of its value.
 * @example withPopulated(model, rowText(model, row), [['category', '{"id":1,…}']])
 */
export function withPopulated(model: Model, text: RowText, parts: ReadonlyArray<readonly [string, string]>): string {
  const names = leftOut(model);
  let json = '';
  let from = 0;
  for (const [name, value] of parts) {
    const at = text.slots[names.indexOf(name)]!;
    json += `${text.json.slice(from, at)},${JSON.stringify(name)}:${value}`;
    from = at;
  }
  return json + text.json.slice(from);
}
