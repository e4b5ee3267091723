/**
 * Strapi's content types and components as foliocms's schema files: Strapi's `schema.json` keys,
 * as a project's own files hold them, minus the fields every document has (timestamps, locale,
 * the admin's createdBy/updatedBy). Whether foliocms can serve them is then decided by the
 * project's own loader, so an import accepts exactly what a hand-written file would.
 */
import { BUILT_IN_USER_FIELDS, renderSchemaYaml, SYSTEM_FIELDS } from '../schema/index.js';
import type { StrapiSchema } from './strapi.js';

export interface SchemaFile {
  /** Relative to the project: `content-types/article.yaml`. */
  path: string;
  text: string;
  /** The uid and archive line it came from, for messages. */
  uid: string;
  entry: string;
}

/** Attributes foliocms keeps: not a system field, not a relation to the admin's users. */
function ownAttributes(attributes: StrapiSchema['attributes'], skip: readonly string[] = []): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(attributes).filter(([name, attribute]) => {
      if (SYSTEM_FIELDS.includes(name) || skip.includes(name)) return false;
      return !(typeof attribute.target === 'string' && attribute.target.startsWith('admin::'));
    }),
  );
}

const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined && field !== null && field !== '')) as T;

/**
 * The schema files of an archive's content types and components (and `user.yaml` when its users
 * carry extra attributes).
 * @example schemaFiles(index.schemas, index.userSchema)[0].path // 'content-types/article.yaml'
 */
export function schemaFiles(schemas: ReadonlyArray<StrapiSchema & { entry: string }>, userSchema: StrapiSchema | undefined): SchemaFile[] {
  const files: SchemaFile[] = [];
  for (const schema of schemas) {
    const { info } = schema;
    if (schema.modelType === 'component') {
      const [category, name] = schema.uid.split('.');
      const body = { info: defined({ displayName: info.displayName, description: info.description, icon: info.icon }), attributes: ownAttributes(schema.attributes) };
      files.push({ path: `content-types/components/${category}/${name}.yaml`, text: renderSchemaYaml(body), uid: schema.uid, entry: schema.entry });
      continue;
    }
    const localized = schema.pluginOptions?.i18n?.localized === true;
    const body = {
      kind: schema.kind ?? 'collectionType',
      info: defined({ singularName: info.singularName, pluralName: info.pluralName, displayName: info.displayName, description: info.description }),
      options: { draftAndPublish: schema.options?.draftAndPublish === true },
      ...(localized && { pluginOptions: { i18n: { localized: true } } }),
      attributes: ownAttributes(schema.attributes),
    };
    files.push({ path: `content-types/${info.singularName ?? schema.uid.split('.').pop()}.yaml`, text: renderSchemaYaml(body), uid: schema.uid, entry: schema.entry });
  }
  const userExtras = userSchema ? ownAttributes(userSchema.attributes, BUILT_IN_USER_FIELDS) : {};
  if (Object.keys(userExtras).length > 0) {
    files.push({ path: 'content-types/users-permissions/user.yaml', text: renderSchemaYaml({ attributes: userExtras }), uid: userSchema!.uid, entry: 'schemas/' });
  }
  return files;
}
