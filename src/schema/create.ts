/**
 * Building a new content-type file for `folio content-type create`. The same checks as the
 * loader run here, so a file this writes always loads; mistakes become `ValidationError`s that
 * name the bad value.
 */
import { Document, isMap, isScalar } from 'yaml';
import { ValidationError } from '../errors.js';
import { isAttributeType, parseAttribute, unknownTypeProblem } from './attributes.js';
import { parseContentType } from './content-type.js';
import { checkAttributeName, checkContentTypeName, displayNameFrom } from './names.js';
import { SchemaProblem } from './problem.js';
import { findNameClash } from './references.js';
import type { Attribute, AttributeType, ContentTypeKind, ContentTypeSchema, Schemas } from './types.js';

export interface BuildContentTypeInput {
  singularName: string;
  /** Defaults to the English plural of `singularName` (`article` → `articles`, `category` → `categories`). */
  pluralName?: string;
  /** `collectionType` (default) or `singleType`; a string because it comes straight from the command line. */
  kind?: string;
  /** Defaults to `singularName` in title case (`blog-post` → `Blog Post`). */
  displayName?: string;
  i18n?: boolean;
  draftAndPublish?: boolean;
  /** Specs as `parseAttributeSpec` reads them: `name:type` or `name:type:localized`. */
  attributes?: string[];
}

/** Types whose settings (values, target, components) a `name:type` spec has no room for. */
const NEEDS_SETTINGS: Partial<Record<AttributeType, string>> = {
  enumeration: 'its values (enum)',
  component: 'the component it uses',
  dynamiczone: 'the components it allows',
  relation: 'its target and relation kind',
};

/** Runs a shared check and turns its `SchemaProblem` into a `ValidationError` under the user's wording. */
function asValidation<T>(label: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof SchemaProblem) throw new ValidationError(`${label} ${error.problem}`, { key: error.key }, { cause: error });
    throw error;
  }
}

/**
 * Reads one `--attr` value: `name:type`, or `name:type:localized` for a field with one value
 * per locale.
 *
 * @example
 * parseAttributeSpec('title:string:localized');
 * // { name: 'title', attribute: { type: 'string', pluginOptions: { i18n: { localized: true } } } }
 */
export function parseAttributeSpec(spec: string): { name: string; attribute: Attribute } {
  const parts = spec.split(':');
  if (parts.length < 2 || parts.length > 3) {
    throw new ValidationError(`Attribute "${spec}" must be name:type or name:type:localized, e.g. title:string:localized`);
  }
  const [name = '', type = '', option] = parts;
  if (name === '') throw new ValidationError(`Attribute "${spec}" has no name; write name:type, e.g. title:string`);
  asValidation(`Attribute name "${name}"`, () => checkAttributeName(name, name));
  if (!isAttributeType(type)) throw new ValidationError(`Attribute "${spec}": ${unknownTypeProblem(type)}`);
  const settings = NEEDS_SETTINGS[type];
  if (settings !== undefined) {
    throw new ValidationError(
      `Attribute "${spec}": type "${type}" needs ${settings}, which name:type cannot express; add it by editing the content type's YAML file`,
    );
  }
  if (option !== undefined && option !== 'localized') {
    throw new ValidationError(`Attribute "${spec}": unknown option "${option}"; the only option is "localized"`);
  }
  const raw = option === 'localized' ? { type, pluginOptions: { i18n: { localized: true } } } : { type };
  return { name, attribute: asValidation(`Attribute "${spec}":`, () => parseAttribute(raw, name, 'contentType')) };
}

/** A content type as its file holds it (see asWritten). */
function writtenSchema(schema: ContentTypeSchema): ContentTypeSchema {
  return { ...schema, attributes: Object.fromEntries(Object.entries(schema.attributes).map(([name, attribute]) => [name, asWritten(attribute)])) as unknown as ContentTypeSchema['attributes'] };
}

/** An attribute as a YAML file holds it: a media attribute as `{ type: media }`, not the relation it is loaded as. */
function asWritten(attribute: Attribute): Record<string, unknown> {
  if (attribute.type !== 'relation' || !attribute.media) return attribute as unknown as Record<string, unknown>;
  const { type: _type, relation, target: _target, media, ...base } = attribute;
  return { type: 'media', ...base, ...(relation === 'manyToMany' && { multiple: true }), ...(media.allowedTypes && { allowedTypes: [...media.allowedTypes] }) };
}

/** `article` → `articles`, `category` → `categories`, `address` → `addresses`. */
function pluralOf(singular: string): string {
  if (/[^aeiou]y$/.test(singular)) return `${singular.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(singular)) return `${singular}es`;
  return `${singular}s`;
}

function parseKind(kind: string | undefined): ContentTypeKind {
  if (kind === undefined || kind === 'collectionType' || kind === 'singleType') return kind ?? 'collectionType';
  throw new ValidationError(`Kind "${kind}" is not a known kind; use collectionType or singleType`);
}

/**
 * Builds a content type in Strapi's `schema.json` shape, checked against the project's
 * existing types so that names stay unique.
 *
 * @example
 * const schema = buildContentType({ singularName: 'article', i18n: true, attributes: ['title:string:localized'] }, schemas);
 * schema.info; // { singularName: 'article', pluralName: 'articles', displayName: 'Article' }
 */
export function buildContentType(input: BuildContentTypeInput, existing: Pick<Schemas, 'contentTypes'>): ContentTypeSchema {
  const kind = parseKind(input.kind);
  const singularName = asValidation(`Singular name`, () => checkContentTypeName('singularName', input.singularName));
  const pluralName = asValidation(`Plural name`, () => checkContentTypeName('pluralName', input.pluralName ?? pluralOf(singularName)));
  if (kind === 'collectionType' && pluralName === singularName) {
    throw new ValidationError(`Plural name "${pluralName}" must differ from the singular name for a collection type`);
  }
  const clash = findNameClash({ singularName, pluralName }, existing.contentTypes);
  if (clash) {
    const label = clash.key === 'info.singularName' ? 'Singular name' : 'Plural name';
    throw new ValidationError(`${label} "${clash.name}" is already the ${clash.otherKey} of ${clash.other.file}`);
  }

  const i18n = input.i18n ?? false;
  const attributes: Record<string, Attribute> = {};
  for (const spec of input.attributes ?? []) {
    const { name, attribute } = parseAttributeSpec(spec);
    if (name in attributes) throw new ValidationError(`Attribute "${name}" is given twice`);
    if (!i18n && attribute.pluginOptions?.i18n?.localized) {
      throw new ValidationError(`Attribute "${spec}" is localized but the content type is not; make the content type localized (i18n) or drop ":localized"`);
    }
    attributes[name] = attribute;
  }

  const schema: ContentTypeSchema = {
    kind,
    info: { singularName, pluralName, displayName: input.displayName?.trim() || displayNameFrom(singularName) },
    options: { draftAndPublish: input.draftAndPublish ?? false },
    ...(i18n ? { pluginOptions: { i18n: { localized: true } } } : {}),
    attributes,
  };
  // The loader's own checks, as a guard: what this writes must load.
  const file = `content-types/${singularName}.yaml`;
  asValidation(`${file}:`, () => parseContentType(writtenSchema(schema), file, `${singularName}.yaml`));
  return schema;
}

/**
 * Renders a content type as YAML in the layout of docs/content-types.md: `info`, `options`,
 * `pluginOptions` and each attribute on one line in flow style.
 *
 * @example
 * renderContentTypeYaml(buildContentType({ singularName: 'tag', attributes: ['name:string'] }, schemas));
 * // kind: collectionType
 * // info: { singularName: tag, pluralName: tags, displayName: Tag }
 * // options: { draftAndPublish: false }
 * // attributes:
 * //   name: { type: string }
 */
export function renderContentTypeYaml(schema: ContentTypeSchema): string {
  return renderSchemaYaml(writtenSchema(schema));
}

/**
 * Any schema file (a content type, a component, `user.yaml`) as YAML in that layout: each mapping
 * but `attributes` on one line, and each attribute on one line.
 * @example renderSchemaYaml({ info: { displayName: 'Quote' }, attributes: { text: { type: 'text' } } })
 */
export function renderSchemaYaml(schema: object): string {
  const document = new Document(schema);
  if (isMap(document.contents)) {
    for (const pair of document.contents.items) {
      if (!isMap(pair.value)) continue;
      const isAttributes = isScalar(pair.key) && pair.key.value === 'attributes';
      if (!isAttributes) pair.value.flow = true;
      else for (const attribute of pair.value.items) if (isMap(attribute.value)) attribute.value.flow = true;
    }
  }
  // lineWidth 0: never fold, so every attribute stays on its own line however long.
  return document.toString({ lineWidth: 0 });
}
