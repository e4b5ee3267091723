/**
 * The fields a collection type's list knows: the type's scalar attributes (the main one first) and
 * the fields every entry has. The columns (list-columns.js) show them and the filters
 * (list-filter-model.js) select by them; status and locale are columns only, having filters of their own.
 */
import { hasDrafts, humanize, isLocalized, titleAttribute } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';

/**
 * A field of the list: its name in the API, its label, its attribute type (`string`, `integer`,
 * `datetime`…; `status` for the editorial status, which is no attribute), the values of an
 * enumeration, and whether the API sorts by it.
 * @typedef {{ name: string, label: string, type: string, values?: string[], sortable: boolean }} ListField
 * @typedef {import('../../lib/schema.js').ContentType} ContentType
 */

/** Attribute types with one plain value, which a table cell shows and a filter compares. */
const SCALAR_TYPES = new Set(['string', 'text', 'richtext', 'email', 'uid', 'enumeration', 'integer', 'biginteger',
  'float', 'decimal', 'date', 'datetime', 'time', 'boolean']);

/**
 * The type's scalar attributes, the main one (`titleAttribute`) first. Private ones (passwords
 * among them) are left out: the API never answers them, nor filters by them.
 * @param {ContentType} type
 * @returns {ListField[]}
 */
function scalarAttributes(type) {
  const title = titleAttribute(type);
  return Object.entries(type.schema.attributes)
    .filter(([, attribute]) => SCALAR_TYPES.has(attribute.type) && !attribute.private && attribute.type !== 'password')
    .sort(([a], [b]) => Number(b === title) - Number(a === title))
    .map(([name, attribute]) => ({
      name, label: humanize(name), type: attribute.type, values: attribute.enum, sortable: true,
    }));
}

/**
 * What every entry has besides its attributes, as a list names it.
 * @returns {ListField[]}
 */
const systemFields = () => [
  { name: 'documentId', label: strings.list.documentId, type: 'string', sortable: true },
  { name: 'createdAt', label: strings.listTools.created, type: 'datetime', sortable: true },
  { name: 'updatedAt', label: strings.list.updated, type: 'datetime', sortable: true },
];

/**
 * The fields a list may filter by: the scalar attributes, then the document id and the dates.
 * @param {ContentType} type
 */
export const filterFields = (type) => [...scalarAttributes(type), ...systemFields()];

/**
 * The columns a list may show, in the order it shows them: the scalar attributes, the document id,
 * the status (a type with drafts) and the locale (a localized type), then the dates.
 * @param {ContentType} type
 * @param {boolean} localized Whether the list shows one locale of several.
 * @returns {ListField[]}
 */
export function columnFields(type, localized) {
  const [documentId, ...dates] = systemFields();
  const status = { name: 'status', label: strings.list.status, type: 'status', sortable: false };
  const locale = { name: 'locale', label: strings.list.locale, type: 'string', sortable: false };
  return [
    ...scalarAttributes(type),
    documentId,
    ...(hasDrafts(type) ? [status] : []),
    ...(localized && isLocalized(type) ? [locale] : []),
    ...dates,
  ];
}
