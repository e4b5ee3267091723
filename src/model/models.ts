/**
 * Models: content types, components and the built-in User and Role seen through one shape, so the
 * query parser, the payload validator and the service need not know which is which.
 */
import { FILE_UID, type Attribute, type ContentType, type Schemas } from '../schema/index.js';
import type { Model, ModelLookup } from './types.js';

export const USER_UID = 'plugin::users-permissions.user';
export const ROLE_UID = 'plugin::users-permissions.role';

/** Strapi's User attributes; the secrets are `password` (type password) and two private tokens. */
const USER_ATTRIBUTES: Record<string, Attribute> = {
  username: { type: 'string', required: true, unique: true, minLength: 3 },
  email: { type: 'email', required: true, minLength: 6 },
  provider: { type: 'string' },
  password: { type: 'password', private: true, minLength: 6 },
  resetPasswordToken: { type: 'string', private: true },
  confirmationToken: { type: 'string', private: true },
  confirmed: { type: 'boolean', default: false },
  blocked: { type: 'boolean', default: false },
  role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'users' },
};

const ROLE_ATTRIBUTES: Record<string, Attribute> = {
  name: { type: 'string', required: true, minLength: 3 },
  description: { type: 'string' },
  type: { type: 'string', unique: true },
  // `users` is never returned (Strapi's sanitizer removes it from roles), so it is private here.
  users: { type: 'relation', relation: 'oneToMany', target: USER_UID, mappedBy: 'role', private: true },
};

/** The media library's file (Strapi's `plugin::upload.file`), as filters, sort, fields and populate see it. */
export const fileModel: Model = {
  uid: FILE_UID,
  attributes: {
    name: { type: 'string' },
    alternativeText: { type: 'text' },
    caption: { type: 'text' },
    focalPoint: { type: 'json' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    formats: { type: 'json' },
    hash: { type: 'string' },
    ext: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'decimal' },
    url: { type: 'string' },
    previewUrl: { type: 'string' },
    provider: { type: 'string' },
    provider_metadata: { type: 'json' },
  },
  localized: false,
  draftAndPublish: false,
  isComponent: false,
};

/** The Model of a content type. */
export function contentTypeModel(type: ContentType): Model {
  return { uid: type.uid, attributes: type.attributes, localized: type.localized, draftAndPublish: type.draftAndPublish, isComponent: false };
}

/**
 * Every model of a project, by uid.
 * @example createModelLookup(schemas).model('api::article.article')?.attributes.title
 */
export function createModelLookup(schemas: Schemas): ModelLookup & { userModel: Model; roleModel: Model } {
  const models = new Map<string, Model>();
  for (const type of schemas.contentTypes) models.set(type.uid, contentTypeModel(type));
  const userModel: Model = { uid: USER_UID, attributes: { ...USER_ATTRIBUTES, ...schemas.userAttributes }, localized: false, draftAndPublish: false, isComponent: false };
  const roleModel: Model = { uid: ROLE_UID, attributes: ROLE_ATTRIBUTES, localized: false, draftAndPublish: false, isComponent: false };
  models.set(USER_UID, userModel);
  models.set(ROLE_UID, roleModel);
  models.set(FILE_UID, fileModel);
  for (const component of schemas.components.values()) {
    models.set(component.uid, { uid: component.uid, attributes: component.attributes, localized: false, draftAndPublish: false, isComponent: true });
  }
  return {
    model: (uid) => models.get(uid),
    component: (uid) => schemas.components.get(uid),
    mayRead: () => true,
    userModel,
    roleModel,
  };
}

/**
 * Every uid a relation of the project points at: what `lookup.mayRead` can change in an answer.
 * @example relationTargets(schemas) // ['api::category.category', 'plugin::users-permissions.role', …]
 */
export function relationTargets(schemas: Schemas): string[] {
  const targets = new Set<string>([ROLE_UID]);
  const collect = (attributes: Record<string, Attribute>) => {
    for (const attribute of Object.values(attributes)) if (attribute.type === 'relation') targets.add(attribute.target);
  };
  for (const type of schemas.contentTypes) {
    collect(type.attributes);
    if (type.localized) targets.add(type.uid); // its `localizations`
  }
  for (const component of schemas.components.values()) collect(component.attributes);
  collect(schemas.userAttributes);
  return [...targets].sort();
}
