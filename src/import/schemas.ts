/**
 * Strapi's content types and components as foliocms's schema files: Strapi's `schema.json` keys,
 * as a project's own files hold them, minus the fields every document has (timestamps, locale,
 * the admin's createdBy/updatedBy). Whether foliocms can serve them is then decided by the
 * project's own loader, so an import accepts exactly what a hand-written file would.
 */
import { ApplicationError } from '../errors.js';
import { isPlainObject } from '../objects.js';
import { CONTENT_TYPES_FOLDER } from '../project-layout.js';
import { BUILT_IN_USER_FIELDS, checkContentTypeName, checkName, renderSchemaYaml, SchemaProblem, SYSTEM_FIELDS } from '../schema/index.js';
import type { StrapiSchema } from './strapi.js';

export interface SchemaFile {
  /** Relative to the project, `/`-separated: `content-types/article.yaml` (as the loader names it in its messages). */
  path: string;
  /** The same path as its names, each checked: join them with insideFolder. */
  names: string[];
  text: string;
  /** The uid and archive line it came from, for messages. */
  uid: string;
  entry: string;
}

/** Attributes as a `schema.json` holds them, by name. */
type RawAttributes = Record<string, Record<string, unknown>>;

/** Attributes foliocms keeps: not a system field, not a relation to the admin's users. */
function ownAttributes(attributes: StrapiSchema['attributes'], skip: readonly string[] = []): RawAttributes {
  return Object.fromEntries(
    Object.entries(attributes).filter(([name, attribute]) => {
      if (SYSTEM_FIELDS.includes(name) || skip.includes(name)) return false;
      return !(typeof attribute.target === 'string' && attribute.target.startsWith('admin::'));
    }),
  );
}

/**
 * A localized type's attributes with each relation marked localized. Strapi 5 keeps the relations
 * of a localized type per locale whatever the attribute says (its i18n plugin never syncs a
 * relation across locales), while foliocms shares an attribute not marked localized: marked, each
 * locale keeps the relation the site had in it. See docs/moving-from-strapi.md.
 */
function relationsPerLocale(attributes: RawAttributes): RawAttributes {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, attribute]) => {
      if (attribute.type !== 'relation') return [name, attribute];
      const pluginOptions = isPlainObject(attribute.pluginOptions) ? attribute.pluginOptions : {};
      return [name, { ...attribute, pluginOptions: { ...pluginOptions, i18n: { localized: true } } }];
    }),
  );
}

const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined && field !== null && field !== '')) as T;

/** Text from the archive as one line of a message: quoted when it holds a line break or another control character. */
const oneLine = (text: string) => (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text) ? JSON.stringify(text) : text);

/**
 * The schema files of an archive's content types and components (and `user.yaml` when its users
 * carry extra attributes). The names the files take come from the archive (a content type's
 * `info.singularName`, a component uid's category and name), so each must follow the schema's own
 * naming rule before it names a file: otherwise the whole import is refused, in one line naming
 * the archive's line and the uid, before anything is written. `archive` is the archive's name, for
 * that message.
 * @example schemaFiles(index.schemas, index.userSchema, 'export.tar.gz')[0].path // 'content-types/article.yaml'
 */
export function schemaFiles(
  schemas: ReadonlyArray<StrapiSchema & { entry: string }>,
  userSchema: StrapiSchema | undefined,
  archive: string,
): SchemaFile[] {
  const files: SchemaFile[] = [];
  const byPath = new Map<string, StrapiSchema>();
  const refuse = (schema: StrapiSchema & { entry: string }, problem: string): never => {
    throw new ApplicationError(`${archive}: ${schema.entry} (${oneLine(schema.uid)}): ${problem}; nothing was imported`);
  };
  /** A name checked by the schema's rule, or the import refused with the rule's own words. */
  const named = (schema: StrapiSchema & { entry: string }, check: () => string): string => {
    try {
      return check();
    } catch (error) {
      if (error instanceof SchemaProblem) refuse(schema, oneLine(error.message));
      throw error;
    }
  };
  const add = (schema: StrapiSchema & { entry: string }, names: string[], text: string) => {
    const path = names.join('/');
    const other = byPath.get(path);
    if (other) refuse(schema, `its file ${path} would be the file of ${oneLine(other.uid)} too`);
    byPath.set(path, schema);
    files.push({ path, names, text, uid: schema.uid, entry: schema.entry });
  };
  for (const schema of schemas) {
    const info: StrapiSchema['info'] = isPlainObject(schema.info) ? schema.info : {};
    if (schema.modelType === 'component') {
      const parts = schema.uid.split('.');
      if (parts.length !== 2) refuse(schema, 'a component uid is <category>.<name>, both kebab-case');
      const category = named(schema, () => checkName('the category of the component uid', parts[0]));
      const name = named(schema, () => checkName('the name of the component uid', parts[1]));
      const body = {
        info: defined({ displayName: info.displayName, description: info.description, icon: info.icon }),
        attributes: ownAttributes(schema.attributes),
      };
      add(schema, [CONTENT_TYPES_FOLDER, 'components', category, `${name}.yaml`], renderSchemaYaml(body));
      continue;
    }
    const singularName = named(schema, () => checkContentTypeName('info.singularName', info.singularName ?? schema.uid.split('.').pop()));
    const localized = schema.pluginOptions?.i18n?.localized === true;
    const body = {
      kind: schema.kind ?? 'collectionType',
      info: defined({
        singularName: info.singularName,
        pluralName: info.pluralName,
        displayName: info.displayName,
        description: info.description,
      }),
      options: { draftAndPublish: schema.options?.draftAndPublish === true },
      ...(localized && { pluginOptions: { i18n: { localized: true } } }),
      attributes: localized ? relationsPerLocale(ownAttributes(schema.attributes)) : ownAttributes(schema.attributes),
    };
    add(schema, [CONTENT_TYPES_FOLDER, `${singularName}.yaml`], renderSchemaYaml(body));
  }
  const userExtras = userSchema ? ownAttributes(userSchema.attributes, BUILT_IN_USER_FIELDS) : {};
  if (Object.keys(userExtras).length > 0) {
    const file = [CONTENT_TYPES_FOLDER, 'users-permissions', 'user.yaml'];
    add({ ...userSchema!, entry: 'schemas/' }, file, renderSchemaYaml({ attributes: userExtras }));
  }
  return files;
}
