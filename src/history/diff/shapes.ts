/**
 * What `folio diff` needs to know of each attribute to word its changes: how its values read (a
 * short value, long text, entries of components, relations) and whether its value must never be
 * shown (a `password` type or `private: true`). Built from the project's loaded content types and,
 * for the types and components whose files differ between the two sides, from those files as each
 * side has them, so that an attribute made private on either side stays hidden on both.
 */
import type { AttributeType, Component, ContentType, Schemas } from '../../schema/index.js';

/**
 * How an attribute's values compare and read: `text` a string shown when short and on one line,
 * `long` never shown (rich text, blocks), `value` any other value shown as JSON, `component` and
 * `dynamiczone` entries compared one by one, `relation` document ids (or numeric ids).
 */
export type ShapeKind = 'text' | 'long' | 'value' | 'component' | 'dynamiczone' | 'relation';

export interface AttributeShape {
  kind: ShapeKind;
  /** Its value is never shown: a password or a private attribute. */
  secret: boolean;
  /** A `string` attribute that is not private: the editors' page titles an entry with the first one. */
  titles: boolean;
  /** The component of a `component` attribute. */
  component?: string;
  repeatable?: boolean;
}

/** The attributes of a content type or a component, in the order their file declares them. */
export interface TypeShape {
  attributes: Map<string, AttributeShape>;
}

/** Where the comparison finds the shape of a content type (by singular name) or a component (by uid). */
export interface ShapeBook {
  type(singularName: string): TypeShape | undefined;
  component(uid: string): TypeShape | undefined;
}

/** Every attribute type of the schema, so a new one does not compile until it is placed here. */
const KINDS: Record<AttributeType, ShapeKind> = {
  string: 'text',
  text: 'text',
  email: 'text',
  password: 'text',
  uid: 'text',
  enumeration: 'text',
  date: 'text',
  time: 'text',
  datetime: 'text',
  richtext: 'long',
  blocks: 'long',
  integer: 'value',
  biginteger: 'value',
  decimal: 'value',
  float: 'value',
  boolean: 'value',
  json: 'value',
  component: 'component',
  dynamiczone: 'dynamiczone',
  relation: 'relation',
  media: 'relation',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether an attribute's declaration, loaded or as a file writes it, makes its value a secret that
 * history never shows: a password, or private.
 * @example isSecretAttribute({ type: 'string', private: true }) // true
 */
export function isSecretAttribute(declaration: unknown): boolean {
  return isRecord(declaration) && (declaration.type === 'password' || declaration.private === true);
}

/**
 * One attribute's shape from its declaration, loaded or as a file writes it. An unknown type is
 * left out: the comparison then shows no value of it.
 */
function attributeShape(declaration: unknown): AttributeShape | undefined {
  if (!isRecord(declaration) || typeof declaration.type !== 'string' || !(declaration.type in KINDS)) return undefined;
  const type = declaration.type as AttributeType;
  const secret = isSecretAttribute(declaration);
  const shape: AttributeShape = { kind: KINDS[type], secret, titles: type === 'string' && !secret };
  if (type === 'component' && typeof declaration.component === 'string') {
    shape.component = declaration.component;
    shape.repeatable = declaration.repeatable === true;
  }
  return shape;
}

/**
 * The shape of a set of attribute declarations (a loaded type's `attributes`, or a file's).
 * @example shapeOfAttributes({ title: { type: 'string' } }).attributes.get('title')?.kind // 'text'
 */
export function shapeOfAttributes(attributes: unknown): TypeShape {
  const shapes = new Map<string, AttributeShape>();
  if (isRecord(attributes)) {
    for (const [name, declaration] of Object.entries(attributes)) {
      const shape = attributeShape(declaration);
      if (shape) shapes.set(name, shape);
    }
  }
  return { attributes: shapes };
}

/** The shape a content-type or component file declares, parsed from YAML (or JSON); undefined when it declares none. */
export function shapeOfFile(parsed: unknown): TypeShape | undefined {
  return isRecord(parsed) && isRecord(parsed.attributes) ? shapeOfAttributes(parsed.attributes) : undefined;
}

/**
 * Several shapes of one type into one: the first that declares an attribute says how it reads,
 * and an attribute secret in any of them is secret (a side that made it private hides both sides).
 */
export function mergeShapes(shapes: ReadonlyArray<TypeShape | undefined>): TypeShape | undefined {
  const present = shapes.filter((shape): shape is TypeShape => shape !== undefined);
  if (present.length === 0) return undefined;
  const merged = new Map<string, AttributeShape>();
  for (const shape of present) {
    for (const [name, attribute] of shape.attributes) {
      const known = merged.get(name);
      if (!known) merged.set(name, { ...attribute });
      else if (attribute.secret) merged.set(name, { ...known, secret: true, titles: false });
    }
  }
  return { attributes: merged };
}

/** The attribute that names an entry, as the editors' page chooses it: the first `string` one that is not private. */
export function titleAttribute(shape: TypeShape | undefined): string | undefined {
  for (const [name, attribute] of shape?.attributes ?? []) if (attribute.titles) return name;
  return undefined;
}

/** Shapes of one side's files, by singular name and by component uid, each to be merged over the loaded ones. */
export interface ShapeOverlays {
  types: Map<string, Array<TypeShape | undefined>>;
  components: Map<string, Array<TypeShape | undefined>>;
}

/**
 * The shapes the comparison reads: the files of either side first (they say what each side
 * declared), then the project's loaded content types and components.
 */
export function shapeBook(schemas: Schemas | undefined, overlays: ShapeOverlays): ShapeBook {
  const loadedTypes = new Map<string, ContentType>((schemas?.contentTypes ?? []).map((type) => [type.singularName, type]));
  const loadedComponents: ReadonlyMap<string, Component> = schemas?.components ?? new Map();
  const types = new Map<string, TypeShape | undefined>();
  const components = new Map<string, TypeShape | undefined>();
  const loaded = (declared: { attributes: unknown } | undefined) => (declared ? shapeOfAttributes(declared.attributes) : undefined);
  return {
    type(singularName) {
      if (!types.has(singularName)) types.set(singularName, mergeShapes([...(overlays.types.get(singularName) ?? []), loaded(loadedTypes.get(singularName))]));
      return types.get(singularName);
    },
    component(uid) {
      if (!components.has(uid)) components.set(uid, mergeShapes([...(overlays.components.get(uid) ?? []), loaded(loadedComponents.get(uid))]));
      return components.get(uid);
    },
  };
}
