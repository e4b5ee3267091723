/**
 * The media library screen, and the picker that is the same screen.
 */
import { count } from './grammar.js';

export const libraryWords = {
  /** The screen and its grid of files. */
  library: {
    title: 'Media library',
    lead: 'Every file uploaded for the site: pictures, documents, sound and video.',
    search: 'Search by name',
    sort: 'Sort by',
    sorts: {
      newest: 'Newest first',
      oldest: 'Oldest first',
      name: 'Name, A to Z',
      'name-desc': 'Name, Z to A',
      largest: 'Largest first',
      smallest: 'Smallest first',
    },
    pageSize: 'Files a page',
    pageInfo: (page, shown) => `Page ${page} · ${count(shown, 'file', 'files')} shown`,
    empty: 'The library has no files yet.',
    noMatch: 'No file matches.',
    pastEnd: 'No files on this page: the library ends before it.',
    chooseFiles: 'Upload files…',
    dropHint: 'or drop files anywhere here.',
    openNamed: (name) => `Open ${name}`,
    dimensions: (width, height) => `${width}×${height}`,
    bytes: (size) => `${size} B`,
    kilobytes: (size) => `${size} KB`,
    megabytes: (size) => `${size} MB`,
    fileIcon: 'FILE',
  },
  /** Files chosen for upload, each with its texts and progress. */
  libraryUpload: {
    title: 'To upload',
    lead: 'Describe each file for readers who cannot see it, then upload.',
    alternativeText: 'Alternative text',
    caption: 'Caption',
    send: (left) => `Upload ${count(left, 'file', 'files')}`,
    sending: 'Uploading…',
    clearDone: 'Clear uploaded files',
    progressOf: (name) => `Upload of ${name}`,
    percent: (value) => `${value}%`,
    phase: { waiting: 'Ready to upload', sending: 'Uploading…', done: 'Uploaded', failed: 'Not uploaded' },
    edit: 'Edit details',
  },
  /** The library in a dialog, to choose files. */
  libraryPicker: {
    titleOne: 'Choose a file',
    titleMany: 'Choose files',
    chosen: (number) => (number === 0 ? 'Nothing chosen yet.' : `${count(number, 'file', 'files')} chosen`),
    chooseOne: 'Choose',
    chooseMany: (number) => (number > 0 ? `Choose ${count(number, 'file', 'files')}` : 'Choose'),
  },
  /** The media field of the entry form. */
  libraryField: {
    noFile: 'No file.',
    noFiles: 'No files.',
    choose: 'Choose a file…',
    chooseMany: 'Add files…',
  },
  /** One file opened: its facts, its texts, its bytes replaced. */
  libraryDetails: {
    name: 'Name',
    alternativeText: 'Alternative text',
    alternativeHint: 'What the picture shows, for readers who cannot see it.',
    caption: 'Caption',
    save: 'Save',
    saving: 'Saving…',
    saved: (name) => `${name} saved.`,
    replace: 'Replace the file…',
    replacing: 'Replacing the file…',
    replaced: (name) => `${name} replaced: every entry that uses it shows the new file.`,
    delete: 'Delete…',
    type: 'Type',
    size: 'Size',
    dimensions: 'Dimensions',
    uploaded: 'Uploaded',
    address: 'Address',
    openImage: 'Open the picture',
    openFile: 'Open the file',
  },
  /** The question before a file is deleted. */
  libraryDelete: {
    title: (name) => `Delete ${name}?`,
    looking: 'Looking for the entries that use it…',
    unknownUses: (reason) => `The entries that use it could not be read (${reason}).`,
    unused: 'No entry uses it.',
    usedIn: 'It is used by:',
    hidden: (number) => `${number === 1 ? 'one more use' : `${number} more uses`} in entries your account may not read`,
    unlinked: 'Deleting it takes it out of them.',
    cannotUndo: 'This cannot be undone.',
    confirm: 'Delete the file',
    deleted: (name) => `${name} deleted.`,
  },
};
