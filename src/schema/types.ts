/**
 * The typed model of content types and components: what `loadSchemas` returns after every
 * check has passed, so the rest of the server can trust it without re-validating.
 */

export type AttributeType =
  | 'string'
  | 'text'
  | 'richtext'
  | 'blocks'
  | 'email'
  | 'password'
  | 'uid'
  | 'enumeration'
  | 'integer'
  | 'biginteger'
  | 'decimal'
  | 'float'
  | 'boolean'
  | 'date'
  | 'time'
  | 'datetime'
  | 'json'
  | 'component'
  | 'dynamiczone'
  | 'relation'
  | 'media';

export type RelationKind = 'oneToOne' | 'oneToMany' | 'manyToOne' | 'manyToMany';

/** Targets outside `api::` that a relation may point at. */
export type UsersPermissionsTarget = 'plugin::users-permissions.user' | 'plugin::users-permissions.role';

/** `pluginOptions` of an attribute or a content type. Only `i18n.localized` means something to us. */
export interface PluginOptions {
  i18n?: { localized?: boolean };
  [plugin: string]: unknown;
}

/** Keys every attribute may carry. `configurable`, `visible` and `searchable` are Strapi admin hints kept as data. */
export interface BaseAttribute {
  required?: boolean;
  private?: boolean;
  configurable?: boolean;
  writable?: boolean;
  visible?: boolean;
  searchable?: boolean;
  pluginOptions?: PluginOptions;
  /** Strapi custom-field id, e.g. `plugin::color-picker.color`; the value is handled as its base `type`. */
  customField?: string;
}

export interface StringAttribute extends BaseAttribute {
  type: 'string' | 'text' | 'richtext' | 'email' | 'password';
  unique?: boolean;
  default?: string;
  minLength?: number;
  maxLength?: number;
  regex?: string;
}

export interface BlocksAttribute extends BaseAttribute {
  type: 'blocks';
  default?: unknown[];
}

export interface UidAttribute extends BaseAttribute {
  type: 'uid';
  unique?: boolean;
  default?: string;
  /** A `string` or `text` attribute of the same content type or component. */
  targetField?: string;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  /** Slugify options, passed through. */
  options?: Record<string, unknown>;
}

export interface EnumerationAttribute extends BaseAttribute {
  type: 'enumeration';
  unique?: boolean;
  default?: string;
  /** Strapi's key for the values: non-empty, unique strings. */
  enum: string[];
  enumName?: string;
}

export interface NumberAttribute extends BaseAttribute {
  type: 'integer' | 'decimal' | 'float';
  unique?: boolean;
  default?: number;
  min?: number;
  max?: number;
}

/** Big integers are carried as decimal strings (as Strapi returns them), so no precision is lost. */
export interface BigIntegerAttribute extends BaseAttribute {
  type: 'biginteger';
  unique?: boolean;
  default?: string;
  min?: string;
  max?: string;
}

export interface BooleanAttribute extends BaseAttribute {
  type: 'boolean';
  default?: boolean;
}

/** `date` is `YYYY-MM-DD`, `time` is `HH:mm[:ss[.SSS]]`, `datetime` is an ISO 8601 string. */
export interface DateAttribute extends BaseAttribute {
  type: 'date' | 'time' | 'datetime';
  unique?: boolean;
  default?: string;
}

export interface JsonAttribute extends BaseAttribute {
  type: 'json';
  default?: unknown;
}

export interface ComponentAttribute extends BaseAttribute {
  type: 'component';
  /** Component uid, `<category>.<name>`. */
  component: string;
  repeatable: boolean;
  /** Only for repeatable components: bounds on the number of entries. */
  min?: number;
  max?: number;
}

export interface DynamicZoneAttribute extends BaseAttribute {
  type: 'dynamiczone';
  components: string[];
  min?: number;
  max?: number;
}

export interface RelationAttribute extends BaseAttribute {
  type: 'relation';
  relation: RelationKind;
  /** `api::<singular>.<singular>` or a users-permissions target. */
  target: string;
  inversedBy?: string;
  mappedBy?: string;
  /**
   * A `media` attribute is loaded as a relation to the media library's files (`plugin::upload.file`,
   * linked by numeric id): `media` marks it, with the kinds of file it takes (all when unset).
   */
  media?: { allowedTypes?: readonly MediaKind[] };
}

/** The uid of the media library's files, the target of every `media` attribute. */
export const FILE_UID = 'plugin::upload.file';

/** The kinds of file a media attribute may take, as Strapi names them. */
export type MediaKind = 'images' | 'videos' | 'audios' | 'files';

export type Attribute =
  | StringAttribute
  | BlocksAttribute
  | UidAttribute
  | EnumerationAttribute
  | NumberAttribute
  | BigIntegerAttribute
  | BooleanAttribute
  | DateAttribute
  | JsonAttribute
  | ComponentAttribute
  | DynamicZoneAttribute
  | RelationAttribute;

/** The attribute variant of one type, e.g. `AttributeOf<'uid'>` is `UidAttribute`. */
export type AttributeOf<T extends Exclude<AttributeType, 'media'>> = Extract<Attribute, { type: T }>;

export type ContentTypeKind = 'collectionType' | 'singleType';

export interface ContentType {
  /** `api::<singular>.<singular>`, the prefix of its permission action ids. */
  uid: string;
  kind: ContentTypeKind;
  singularName: string;
  pluralName: string;
  displayName: string;
  description?: string;
  draftAndPublish: boolean;
  /** `pluginOptions.i18n.localized` of the type. */
  localized: boolean;
  attributes: Record<string, Attribute>;
  /** Project-relative path, e.g. `content-types/article.yaml`. */
  file: string;
}

export interface Component {
  /** `<category>.<name>`, from the file's place under `content-types/components/`. */
  uid: string;
  category: string;
  name: string;
  displayName: string;
  description?: string;
  attributes: Record<string, Attribute>;
  file: string;
}

export interface Schemas {
  /** Sorted by singularName. */
  contentTypes: ContentType[];
  components: Map<string, Component>;
  /** Extra attributes of the built-in User, from `content-types/users-permissions/user.yaml` (empty without it). */
  userAttributes: Record<string, Attribute>;
  bySingular(singularName: string): ContentType | undefined;
  byPlural(pluralName: string): ContentType | undefined;
  byUid(uid: string): ContentType | undefined;
}

/** A content type in Strapi's `schema.json` shape, as `buildContentType` makes it and the loader reads it. */
export interface ContentTypeSchema {
  kind: ContentTypeKind;
  info: { singularName: string; pluralName: string; displayName: string; description?: string };
  options: { draftAndPublish: boolean };
  pluginOptions?: { i18n: { localized: boolean } };
  attributes: Record<string, Attribute>;
}
