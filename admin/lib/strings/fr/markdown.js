/**
 * The Markdown editor of richtext fields, and its preview. (in French)
 */

/** @type {typeof import('../en/markdown.js').markdownWords} */
export const markdownWords = {
  markdown: {
    toolbar: (field) => `Mise en forme de ${field}`,
    bold: 'Gras',
    italic: 'Italique',
    strikethrough: 'Barré',
    heading: 'Titre',
    link: 'Lien',
    bulletedList: 'Liste à puces',
    numberedList: 'Liste numérotée',
    quote: 'Citation',
    code: 'Code',
    image: 'Image de la médiathèque',
    withShortcut: (action, keys) => `${action} (${keys})`,
    keys: (letter, mac) => (mac ? `⌘${letter}` : `Ctrl+${letter}`),
    views: (field) => `Affichage de ${field}`,
    write: 'Écrire',
    preview: 'Aperçu',
    sideBySide: 'Côte à côte',
    previewOf: (field) => `Aperçu de ${field}`,
    loading: 'Chargement de l’aperçu…',
    empty: 'Rien à afficher pour l’instant.',
  },
};
