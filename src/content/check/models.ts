/**
 * The models a stored row is validated against, made once per set of schemas: a content type's
 * attributes plus its typed system fields, and its components, with what only limits API input
 * relaxed.
 */
import { createModelLookup, type Model, type ModelLookup } from '../../model/index.js';
import type { Attribute, Component, ContentType, Schemas } from '../../schema/index.js';

export interface Prepared {
  lookup: ModelLookup;
  typeModel(type: ContentType): Model;
}

const preparedBySchemas = new WeakMap<Schemas, Prepared>();

/**
 * The models a stored row is validated against: the type's attributes plus its typed system fields,
 * with what only limits API input relaxed. `writable: false` attributes may hold a stored value,
 * and a password attribute holds a hash, whose length says nothing about the password's.
 */
export function prepare(schemas: Schemas): Prepared {
  let prepared = preparedBySchemas.get(schemas);
  if (prepared) return prepared;
  const base = createModelLookup(schemas);
  const components = new Map<string, Component>();
  const models = new WeakMap<ContentType, Model>();
  const lookup: ModelLookup = {
    model: base.model,
    component(uid) {
      let component = components.get(uid);
      if (!component) {
        const original = schemas.components.get(uid);
        if (!original) return undefined;
        components.set(uid, (component = { ...original, attributes: relax(original.attributes) }));
      }
      return component;
    },
    mayRead: () => true,
  };
  prepared = {
    lookup,
    typeModel(type) {
      let model = models.get(type);
      if (!model) {
        const attributes: Record<string, Attribute> = {
          ...relax(type.attributes),
          id: { type: 'integer', min: 1 },
          createdAt: { type: 'datetime' },
          updatedAt: { type: 'datetime' },
          publishedAt: { type: 'datetime' },
        };
        model = { uid: type.uid, attributes, localized: type.localized, draftAndPublish: type.draftAndPublish, isComponent: false };
        models.set(type, model);
      }
      return model;
    },
  };
  preparedBySchemas.set(schemas, prepared);
  return prepared;
}

function relax(attributes: Record<string, Attribute>): Record<string, Attribute> {
  const relaxed: Record<string, Attribute> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    const copy = { ...attribute } as Attribute & Record<string, unknown>;
    delete copy.writable;
    if (attribute.type === 'password') {
      delete copy.minLength;
      delete copy.maxLength;
      delete copy.regex;
    }
    relaxed[name] = copy;
  }
  return relaxed;
}
