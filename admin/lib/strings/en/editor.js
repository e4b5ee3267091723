/**
 * The rich-text editor of blocks fields: its toolbar, its link form, and how it loads.
 */

export const editorWords = {
  richText: {
    loading: 'Loading the editor…',
    loadFailed: 'The editor could not be loaded. Check the connection, then try again.',
    toolbar: (field) => `Formatting of ${field}`,
    textStyle: 'Text style',
    styles: {
      paragraph: 'Paragraph',
      'heading-1': 'Heading 1',
      'heading-2': 'Heading 2',
      'heading-3': 'Heading 3',
      'heading-4': 'Heading 4',
      'heading-5': 'Heading 5',
      'heading-6': 'Heading 6',
      quote: 'Quote',
      code: 'Code block',
    },
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    strikethrough: 'Strikethrough',
    code: 'Inline code',
    link: 'Link',
    bulletedList: 'Bulleted list',
    numberedList: 'Numbered list',
    indent: 'Indent the list item',
    outdent: 'Outdent the list item',
    image: 'Image from the media library',
    moveUp: 'Move the block up',
    moveDown: 'Move the block down',
    undo: 'Undo',
    redo: 'Redo',
    linkAddress: 'Link address',
    applyLink: 'Apply',
    removeLink: 'Remove the link',
    cancel: 'Cancel',
    badLink: 'Enter a full address (https://example.com, mailto:name@example.com) or a path on this site (/about).',
    /** The keys a shortcut names, as a keyboard other than a Mac's writes them. */
    keys: { ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift' },
    /** A button's name with its shortcut, as its tooltip shows them: `Bold (Ctrl+B)`. */
    withShortcut: (action, keys) => `${action} (${keys})`,
    /** What a block the editor cannot show says, in its place: it is saved as it is. */
    kept: (type) => `${type === null ? 'A block' : `A “${type}” block`} this editor cannot show — kept as it is`,
    imageFailed: (message) => `The image could not be added: ${message}`,
  },
};
