/**
 * The rich-text editor of blocks fields: its toolbar, its link form, and how it loads. (in French)
 */

/** @type {typeof import('../en/editor.js').editorWords} */
export const editorWords = {
  richText: {
    loading: 'Chargement de l’éditeur…',
    loadFailed: 'L’éditeur n’a pas pu être chargé. Vérifiez la connexion, puis réessayez.',
    toolbar: (field) => `Mise en forme de ${field}`,
    textStyle: 'Style du texte',
    styles: {
      paragraph: 'Paragraphe',
      'heading-1': 'Titre 1',
      'heading-2': 'Titre 2',
      'heading-3': 'Titre 3',
      'heading-4': 'Titre 4',
      'heading-5': 'Titre 5',
      'heading-6': 'Titre 6',
      quote: 'Citation',
      code: 'Bloc de code',
    },
    bold: 'Gras',
    italic: 'Italique',
    underline: 'Souligné',
    strikethrough: 'Barré',
    code: 'Code en ligne',
    link: 'Lien',
    bulletedList: 'Liste à puces',
    numberedList: 'Liste numérotée',
    indent: 'Augmenter le retrait de l’élément',
    outdent: 'Diminuer le retrait de l’élément',
    image: 'Image de la médiathèque',
    moveUp: 'Monter le bloc',
    moveDown: 'Descendre le bloc',
    undo: 'Annuler',
    redo: 'Rétablir',
    linkAddress: 'Adresse du lien',
    applyLink: 'Appliquer',
    removeLink: 'Retirer le lien',
    cancel: 'Annuler',
    badLink: 'Saisissez une adresse complète (https://example.com, mailto:nom@example.com) '
      + 'ou un chemin de ce site (/a-propos).',
    keys: { ctrl: 'Ctrl', alt: 'Alt', shift: 'Maj' },
    withShortcut: (action, keys) => `${action} (${keys})`,
    kept: (type) => `${type === null ? 'Un bloc' : `Un bloc « ${type} »`} que cet éditeur ne sait pas afficher`
      + ' — conservé tel quel',
    imageFailed: (message) => `L’image n’a pas pu être ajoutée : ${message}`,
  },
};
