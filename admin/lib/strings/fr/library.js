/**
 * The media library screen, and the picker that is the same screen. (in French)
 */

/** `1 fichier`, `2 fichiers`. */
const files = (number) => `${number} ${number > 1 ? 'fichiers' : 'fichier'}`;

/** @type {typeof import('../en/library.js').libraryWords} */
export const libraryWords = {
  library: {
    title: 'Médiathèque',
    lead: 'Tous les fichiers envoyés pour le site : images, documents, sons et vidéos.',
    search: 'Rechercher par nom',
    sort: 'Trier par',
    sorts: {
      newest: 'Plus récents d’abord',
      oldest: 'Plus anciens d’abord',
      name: 'Nom, de A à Z',
      'name-desc': 'Nom, de Z à A',
      largest: 'Plus lourds d’abord',
      smallest: 'Plus légers d’abord',
    },
    pageSize: 'Fichiers par page',
    pageInfo: (page, shown) => `Page ${page} · ${files(shown)} affiché${shown > 1 ? 's' : ''}`,
    empty: 'La médiathèque ne contient encore aucun fichier.',
    noMatch: 'Aucun fichier ne correspond.',
    pastEnd: 'Aucun fichier sur cette page : la médiathèque s’arrête avant.',
    chooseFiles: 'Envoyer des fichiers…',
    dropHint: 'ou déposez-les n’importe où ici.',
    openNamed: (name) => `Ouvrir ${name}`,
    dimensions: (width, height) => `${width}×${height}`,
    bytes: (size) => `${size} o`,
    kilobytes: (size) => `${String(size).replace('.', ',')} Ko`,
    megabytes: (size) => `${String(size).replace('.', ',')} Mo`,
    fileIcon: 'FICHIER',
  },
  libraryUpload: {
    title: 'À envoyer',
    lead: 'Décrivez chaque fichier pour les lecteurs qui ne peuvent pas le voir, puis envoyez-le.',
    alternativeText: 'Texte alternatif',
    caption: 'Légende',
    send: (left) => `Envoyer ${files(left)}`,
    sending: 'Envoi en cours…',
    clearDone: 'Retirer les fichiers envoyés',
    progressOf: (name) => `Envoi de ${name}`,
    percent: (value) => `${value} %`,
    phase: { waiting: 'Prêt à envoyer', sending: 'Envoi en cours…', done: 'Envoyé', failed: 'Non envoyé' },
    edit: 'Modifier les informations',
  },
  libraryPicker: {
    titleOne: 'Choisir un fichier',
    titleMany: 'Choisir des fichiers',
    chosen: (number) => (number === 0
      ? 'Rien de choisi pour l’instant.'
      : `${files(number)} choisi${number > 1 ? 's' : ''}`),
    chooseOne: 'Choisir',
    chooseMany: (number) => (number > 0 ? `Choisir ${files(number)}` : 'Choisir'),
  },
  libraryField: {
    noFile: 'Aucun fichier.',
    noFiles: 'Aucun fichier.',
    choose: 'Choisir un fichier…',
    chooseMany: 'Ajouter des fichiers…',
  },
  libraryDetails: {
    name: 'Nom',
    alternativeText: 'Texte alternatif',
    alternativeHint: 'Ce que montre l’image, pour les lecteurs qui ne peuvent pas la voir.',
    caption: 'Légende',
    save: 'Enregistrer',
    saving: 'Enregistrement…',
    saved: (name) => `${name} enregistré.`,
    replace: 'Remplacer le fichier…',
    replacing: 'Remplacement du fichier…',
    replaced: (name) => `${name} remplacé : toutes les entrées qui l’utilisent montrent le nouveau fichier.`,
    delete: 'Supprimer…',
    type: 'Type',
    size: 'Taille',
    dimensions: 'Dimensions',
    uploaded: 'Envoyé le',
    address: 'Adresse',
    openImage: 'Ouvrir l’image',
    openFile: 'Ouvrir le fichier',
  },
  libraryDelete: {
    title: (name) => `Supprimer ${name} ?`,
    looking: 'Recherche des entrées qui l’utilisent…',
    unknownUses: (reason) => `Les entrées qui l’utilisent n’ont pas pu être lues (${reason}).`,
    unused: 'Aucune entrée ne l’utilise.',
    usedIn: 'Il est utilisé par :',
    hidden: (number) => `${number === 1 ? 'une autre utilisation' : `${number} autres utilisations`}`
      + ' dans des entrées que votre compte ne peut pas lire',
    unlinked: 'Le supprimer le retire de ces entrées.',
    cannotUndo: 'Cette action est irréversible.',
    confirm: 'Supprimer le fichier',
    deleted: (name) => `${name} supprimé.`,
  },
};
