/**
 * `/api/content-type-builder/…`: the content types and components as Strapi 5's content-type
 * builder answers them on its Content API (`{ data: [{ uid, apiID, schema }] }`), for clients that
 * build forms from them (the editors' page). Read-only: types change in `content-types/`.
 */
import type Router from '@koa/router';
import { NotFoundError } from '../../errors.js';
import { contentTypeBuilderAction } from '../../permissions/index.js';
import { FILE_UID, type Attribute, type Component, type ContentType, type Schemas } from '../../schema/index.js';
import { requires } from '../authorize.js';

/** An attribute as written in a schema file: a media attribute is `media` again, not the relation it is served as. */
function shownAttribute(attribute: Attribute): Record<string, unknown> {
  if (attribute.type !== 'relation') return { ...attribute };
  const { media, ...relation } = attribute;
  if (media && relation.target === FILE_UID) {
    const { relation: kind, target: _target, inversedBy: _inversed, mappedBy: _mapped, ...base } = relation;
    return { ...base, type: 'media', multiple: kind === 'manyToMany', allowedTypes: media.allowedTypes ?? ['images', 'files', 'videos', 'audios'] };
  }
  return { ...relation, targetAttribute: relation.inversedBy ?? relation.mappedBy ?? null };
}

const shownAttributes = (attributes: Record<string, Attribute>) => Object.fromEntries(Object.entries(attributes).map(([name, attribute]) => [name, shownAttribute(attribute)]));

function shownContentType(type: ContentType) {
  return {
    uid: type.uid,
    apiID: type.singularName,
    schema: {
      displayName: type.displayName,
      singularName: type.singularName,
      pluralName: type.pluralName,
      description: type.description ?? '',
      draftAndPublish: type.draftAndPublish,
      pluginOptions: { i18n: { localized: type.localized } },
      kind: type.kind,
      collectionName: type.pluralName,
      attributes: shownAttributes(type.attributes),
      visible: true,
      restrictRelationsTo: null,
    },
  };
}

function shownComponent(component: Component) {
  return {
    uid: component.uid,
    category: component.category,
    apiId: component.name,
    schema: {
      displayName: component.displayName,
      description: component.description ?? '',
      icon: '',
      collectionName: `components_${component.category}_${component.name}`.replace(/-/g, '_'),
      attributes: shownAttributes(component.attributes),
    },
  };
}

/**
 * @example schemaRoutes(api, () => project.schemas)
 */
export function schemaRoutes(router: Router, schemas: () => Schemas): void {
  const base = '/content-type-builder';
  router.get(`${base}/content-types`, requires(contentTypeBuilderAction('content-types', 'getContentTypes')), (ctx) => {
    const kind = ctx.query.kind;
    ctx.body = { data: schemas().contentTypes.filter((type) => kind === undefined || type.kind === kind).map(shownContentType) };
  });
  router.get(`${base}/content-types/:uid`, requires(contentTypeBuilderAction('content-types', 'getContentType')), (ctx) => {
    const type = schemas().byUid(ctx.params.uid ?? '');
    if (!type) throw new NotFoundError('contentType.notFound');
    ctx.body = { data: shownContentType(type) };
  });
  router.get(`${base}/components`, requires(contentTypeBuilderAction('components', 'getComponents')), (ctx) => {
    ctx.body = { data: [...schemas().components.values()].sort((a, b) => (a.uid < b.uid ? -1 : 1)).map(shownComponent) };
  });
  router.get(`${base}/components/:uid`, requires(contentTypeBuilderAction('components', 'getComponent')), (ctx) => {
    const component = schemas().components.get(ctx.params.uid ?? '');
    if (!component) throw new NotFoundError('component.notFound');
    ctx.body = { data: shownComponent(component) };
  });
}
