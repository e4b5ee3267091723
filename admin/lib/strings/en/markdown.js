/**
 * The Markdown editor of richtext fields, and its preview.
 */

export const markdownWords = {
  markdown: {
    toolbar: (field) => `Formatting of ${field}`,
    bold: 'Bold',
    italic: 'Italic',
    strikethrough: 'Strikethrough',
    heading: 'Heading',
    link: 'Link',
    bulletedList: 'Bulleted list',
    numberedList: 'Numbered list',
    quote: 'Quote',
    code: 'Code',
    image: 'Image from the media library',
    /** A button's name with its shortcut, as its tooltip shows them: `Bold (Ctrl+B)`. */
    withShortcut: (action, keys) => `${action} (${keys})`,
    /** The keys of a shortcut, as a Mac's keyboard or another's names them: `⌘B`, `Ctrl+B`. */
    keys: (letter, mac) => (mac ? `⌘${letter}` : `Ctrl+${letter}`),
    views: (field) => `How ${field} is shown`,
    write: 'Write',
    preview: 'Preview',
    sideBySide: 'Side by side',
    previewOf: (field) => `Preview of ${field}`,
    loading: 'Loading the preview…',
    empty: 'Nothing to preview yet.',
  },
};
