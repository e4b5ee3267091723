/**
 * The fields of an entry’s form, by kind.
 */
import { count } from './grammar.js';

export const fieldWords = {
  fields: {
    required: 'required',
    generateFrom: (field) => `Generate from ${field}`,
    notEditable: 'not editable here',
    notEditableYet: 'not editable here yet',
    editedFromOtherSide: (target, field) => `edited from each ${target}'s ${field}`,
  },
  components: {
    noEntries: 'No entries yet.',
    noneYet: (kind) => `No ${kind} yet.`,
    add: (kind) => `Add ${kind}`,
    addEntry: 'Add an entry',
    numbered: (component, number) => `${component} ${number}`,
    atMost: (max) => `At most ${max}.`,
    zoneEntry: (number, component) => `${number}. ${component}`,
    pickerLabel: (zone) => `Component to add to ${zone}`,
    addKind: (kind) => `Add a ${kind}`,
  },
  relation: {
    mayNotRead: (target) => `your account may not read ${target} entries`,
    noneChosen: (target) => `No ${target} chosen.`,
    searchToAdd: (target) => `Search ${target} entries to add`,
    searchAnother: (target) => `Search to choose another ${target}`,
    matches: (number) => count(number, 'match', 'matches'),
    matching: (target) => `Matching ${target} entries`,
    noMatch: (target, text) => `No ${target} matches${text ? ` “${text}”` : ''}.`,
  },
  media: {
    library: 'Media library',
    searchLabel: 'Search the library by name',
    searchPlaceholder: 'Search by name',
    noneFound: 'No file found.',
    noFile: 'No file.',
    noFiles: 'No files.',
    choose: 'Choose from the library',
    uploadFile: 'Upload a file',
    uploadFiles: 'Upload files',
    uploading: 'Uploading…',
    fileIcon: 'FILE',
  },
  blocks: {
    paragraph: 'Paragraph',
    heading: (level) => `Heading ${level}`,
    headingKind: 'Heading',
    bulletedList: 'Bulleted list',
    numberedList: 'Numbered list',
    quote: 'Quote',
    code: 'Code',
    markupHint: 'Formatting: **bold**, *italic*, __underline__, ~~strikethrough~~, `code`, '
      + '[link text](https://example.com). '
      + 'A mark counts only at the start of a word, so my__draft__v2.md and 2*3*4 stay as typed; '
      + 'a \\ before a character keeps it as typed (\\*). Lists take one item per line; code blocks are plain text.',
    keptImage: (name) => `Image${name ? ` (${name})` : ''} — kept as is`,
    keptFormatting: (kind, text) => `${kind} with formatting inside a word — kept as is: ${text}`,
    keptList: 'List with nested items or formatting inside a word — kept as is',
    keptOther: (type) => `${type === null ? 'Unknown block' : `“${type}” block`} — kept as is`,
    keptLabel: (number) => `Block ${number}: `,
    typeLabel: (number) => `Block ${number} type`,
    textLabel: (number) => `Block ${number} text`,
    itemsLabel: (number) => `Block ${number} items, one per line`,
    codeLabel: (number) => `Block ${number} code`,
    moveUp: (number) => `Move up, block ${number}`,
    moveDown: (number) => `Move down, block ${number}`,
    remove: (number) => `Remove, block ${number}`,
    add: 'Add a block',
  },
};
