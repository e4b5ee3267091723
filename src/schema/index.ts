/**
 * Content types and components: `content-types/*.yaml` (Strapi's `schema.json` as YAML) read
 * into a typed, checked model, and new content-type files built for the CLI.
 * @module
 */
export type {
  Attribute,
  AttributeOf,
  AttributeType,
  BaseAttribute,
  BigIntegerAttribute,
  BlocksAttribute,
  BooleanAttribute,
  Component,
  ComponentAttribute,
  ContentType,
  ContentTypeKind,
  ContentTypeSchema,
  DateAttribute,
  DynamicZoneAttribute,
  EnumerationAttribute,
  JsonAttribute,
  MediaKind,
  NumberAttribute,
  PluginOptions,
  RelationAttribute,
  RelationKind,
  Schemas,
  StringAttribute,
  UidAttribute,
  UsersPermissionsTarget,
} from './types.js';
export { FILE_UID } from './types.js';
export { ATTRIBUTE_TYPES, RELATION_KINDS } from './attributes.js';
export { SYSTEM_FIELDS, BUILT_IN_USER_FIELDS, checkName, checkContentTypeName } from './names.js';
export { SchemaProblem } from './problem.js';
export { contentTypeFromText, loadSchemas } from './load.js';
export { checkSchemaFiles, type SchemaCheck, type SchemaFileProblem } from './check.js';
export { isLocalizedAttribute, isPerLocaleAttribute, isSharedAttribute } from './schemas.js';
export { buildContentType, parseAttributeSpec, renderContentTypeYaml, renderSchemaYaml, type BuildContentTypeInput } from './create.js';
