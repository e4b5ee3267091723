/**
 * What a query may name on a model: its attributes, the system fields, and nothing private.
 */
import type { Attribute, Component, ComponentAttribute, RelationAttribute } from '../../schema/index.js';
import { LOCALIZATIONS, localizationsAttribute, SYSTEM_ATTRIBUTES, type Model, type ModelLookup } from '../types.js';
import { assertSafeKey, invalidKey, type Site } from './raw.js';
import type { ValueKind } from './types.js';

const USER_UID = 'plugin::users-permissions.user';

/**
 * The User's secrets are refused even if a `user.yaml` forgot to mark them private: a filter or
 * sort on them would be an oracle for password hashes and reset tokens. Strapi refuses them too.
 */
const USER_SECRETS = new Set(['password', 'resetPasswordToken', 'confirmationToken']);

const COMPONENT_ID: Attribute = { type: 'integer' };

/**
 * The attribute `name` of `model`, including the system fields: `id documentId createdAt updatedAt
 * publishedAt` on documents, `locale` and the `localizations` relation only on localized ones
 * (Strapi makes `locale` private elsewhere), and `id` on components, whose entries keep a numeric id.
 */
export function attributeOf(model: Model, name: string): Attribute | undefined {
  if (Object.hasOwn(model.attributes, name)) return model.attributes[name];
  if (model.isComponent) return name === 'id' ? COMPONENT_ID : undefined;
  if (!model.localized && (name === 'locale' || name === LOCALIZATIONS)) return undefined;
  if (name === LOCALIZATIONS) return localizationsAttribute(model);
  return Object.hasOwn(SYSTEM_ATTRIBUTES, name) ? SYSTEM_ATTRIBUTES[name] : undefined;
}

/** Private and password attributes never leave the server, so queries may not touch them either. */
export function isHidden(model: Model, name: string, attribute: Attribute): boolean {
  if (attribute.private === true || attribute.type === 'password') return true;
  return model.uid === USER_UID && USER_SECRETS.has(name);
}

/** A relation whose target the caller may not read: as good as absent (see `ModelLookup.mayRead`). */
export function isRestricted(attribute: Attribute, lookup: ModelLookup): boolean {
  return attribute.type === 'relation' && !lookup.mayRead(attribute.target);
}

/**
 * The attribute a user named, or `Invalid key <name>` when it is unknown (case matters), private or
 * a password. Unknown and private give the same answer so that the error reveals nothing.
 */
export function namedAttribute(model: Model, name: string, site: Site): Attribute {
  assertSafeKey(site, name);
  const attribute = attributeOf(model, name);
  if (!attribute || isHidden(model, name, attribute)) throw invalidKey(site, name);
  return attribute;
}

/**
 * Like {@link namedAttribute}, and a relation the caller may not read is `Invalid key` too: a
 * filter or a sort through it would be an oracle on documents the caller may not see.
 */
export function visibleAttribute(model: Model, name: string, site: Site, lookup: ModelLookup): Attribute {
  const attribute = namedAttribute(model, name, site);
  if (isRestricted(attribute, lookup)) throw invalidKey(site, name);
  return attribute;
}

const componentModels = new WeakMap<Component, Model>();

/** A component seen as a model, made once per component. */
export function componentModel(component: Component): Model {
  let model = componentModels.get(component);
  if (!model) {
    model = { uid: component.uid, attributes: component.attributes, localized: false, draftAndPublish: false, isComponent: true };
    componentModels.set(component, model);
  }
  return model;
}

/** The model a relation points at or a component attribute holds; undefined if the schema lacks it. */
export function targetModel(attribute: RelationAttribute | ComponentAttribute, lookup: ModelLookup): Model | undefined {
  if (attribute.type === 'relation') return lookup.model(attribute.target);
  const component = lookup.component(attribute.component);
  return component ? componentModel(component) : undefined;
}

/** Like {@link targetModel}, but a missing target is an `Invalid key` (fail closed). */
export function requireTarget(
  attribute: RelationAttribute | ComponentAttribute,
  lookup: ModelLookup,
  site: Site,
  name: string,
): Model {
  const model = targetModel(attribute, lookup);
  if (!model) throw invalidKey(site, name);
  return model;
}

/** How values of a scalar attribute compare; undefined for relations, components and dynamic zones. */
export function valueKindOf(attribute: Attribute): ValueKind | undefined {
  switch (attribute.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'password':
    case 'uid':
    case 'enumeration':
      return 'string';
    case 'integer':
    case 'decimal':
    case 'float':
      return 'number';
    case 'biginteger':
      return 'biginteger';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'time':
      return 'time';
    case 'json':
    case 'blocks':
      return 'json';
    case 'relation':
    case 'component':
    case 'dynamiczone':
      return undefined;
    default:
      return attribute satisfies never;
  }
}
