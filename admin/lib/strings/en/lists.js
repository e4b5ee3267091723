/**
 * A list's tools: its columns, page size, filters, bulk actions; filling in from another locale.
 */
import { entries } from './grammar.js';

export const listWords = {
  listTools: {
    columns: 'Columns',
    columnsShown: 'Columns shown',
    pageSize: 'Per page',
    created: 'Created',
    yes: 'Yes',
    no: 'No',
  },
  listFilters: {
    filters: 'Filters',
    add: 'Add a filter',
    field: 'Field',
    operator: 'Condition',
    value: 'Value',
    from: 'From',
    to: 'To',
    choices: 'Values',
    apply: 'Add filter',
    remove: (filter) => `Remove filter: ${filter}`,
    clear: 'Clear filters',
    /** A condition's name (`operatorLabel` picks the one a kind of field says). */
    operators: {
      contains: 'contains',
      notContains: 'does not contain',
      eq: 'equals',
      startsWith: 'starts with',
      endsWith: 'ends with',
      isEmpty: 'is empty',
      isNotEmpty: 'is not empty',
      isTrue: 'is true',
      isFalse: 'is false',
      in: 'is one of',
      between: 'between',
      equal: '=',
      lessThan: '<',
      greaterThan: '>',
      on: 'on',
      before: 'before',
      after: 'after',
    },
    quoted: (text) => `“${text}”`,
    range: (from, to) => `${from} and ${to}`,
    chip: (field, operator, value) => (value ? `${field} ${operator} ${value}` : `${field} ${operator}`),
  },
  bulk: {
    selectAll: 'Select every entry on this page',
    select: (name) => `Select ${name}`,
    selected: (count) => `${entries(count)} selected`,
    clear: 'Clear selection',
    /** Each action's words: its button, its progress, its question and what it did. */
    publish: {
      label: 'Publish',
      working: (done, total) => `Publishing… ${done} of ${total}`,
      title: (count) => `Publish ${entries(count)}?`,
      text: () => 'Readers will see each entry as its draft is now.',
      confirm: (count) => `Publish ${entries(count)}`,
      done: (succeeded, total) => `Published ${succeeded} of ${entries(total)}.`,
    },
    unpublish: {
      label: 'Unpublish',
      working: (done, total) => `Unpublishing… ${done} of ${total}`,
      title: (count) => `Unpublish ${entries(count)}?`,
      text: () => 'Readers will no longer see them. Their drafts stay, and can be published again.',
      confirm: (count) => `Unpublish ${entries(count)}`,
      done: (succeeded, total) => `Unpublished ${succeeded} of ${entries(total)}.`,
    },
    delete: {
      label: 'Delete',
      working: (done, total) => `Deleting… ${done} of ${total}`,
      title: (count) => `Delete ${entries(count)}?`,
      /** `locale` is '' for a type that is not localized. */
      text: (locale) => `${locale ? `Their ${locale} versions are deleted; an entry with no other locale `
        + 'version is deleted whole. ' : ''}This cannot be undone.`,
      confirm: (count) => `Delete ${entries(count)}`,
      done: (succeeded, total) => `Deleted ${succeeded} of ${entries(total)}.`,
    },
    failed: (count) => `${count === 1 ? 'This one' : `These ${count}`} failed:`,
    failure: (name, reason) => `${name}: ${reason}`,
    untitled: (documentId) => `Untitled (${documentId})`,
    dismiss: 'Dismiss',
  },
  localeFill: {
    label: 'Fill in from another locale',
    from: 'Locale to copy from',
    fill: 'Fill in',
    askTitle: (locale) => `Fill in from ${locale}?`,
    askText: (locale) => `The fields set per locale get the values of the ${locale} version, in place of what `
      + 'they hold now. Nothing is saved until you save.',
    filled: (locale) => `Filled in from ${locale}. Nothing is saved until you save.`,
  },
};
