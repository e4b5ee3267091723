/**
 * The content screens: the types, a type’s list, an entry’s form, its history. (in French)
 */
import { capitalized, count, entries, thing } from './grammar.js';

/** @type {typeof import('../en/content.js').contentWords} */
export const contentWords = {
  content: {
    navLabel: 'Types de contenu',
    collections: 'Types de collection',
    singleTypes: 'Types uniques',
    homeTitle: 'Contenu',
    chooseType: 'Choisissez un type de contenu pour voir ses entrées.',
    noType: 'Votre compte ne peut lire aucun type de contenu. Demandez l’accès à un administrateur.',
    noSuchType: (name) => `Il n’existe aucun type de contenu « ${name} » que votre compte puisse lire.`,
  },
  list: {
    create: 'Créer une entrée',
    search: 'Rechercher',
    searchButton: 'Rechercher',
    locale: 'Langue',
    status: 'Statut',
    allStatuses: 'Tous',
    caption: (type) => `Entrées du type « ${type} », triables avec les boutons des colonnes`,
    documentId: 'Identifiant du document',
    updated: 'Mis à jour le',
    untitled: 'Sans titre',
    noMatch: 'Aucune entrée ne correspond.',
    noEntries: 'Aucune entrée pour le moment.',
    pages: 'Pagination',
    previous: 'Précédent',
    next: 'Suivant',
    pageInfo: (page, pageCount, total) =>
      `Page ${page} sur ${pageCount}${total === undefined ? '' : ` · ${entries(total)}`}`,
  },
  entry: {
    back: (type) => `← ${type}`,
    absent: 'Cette entrée n’existe pas, ou plus.',
    untitled: 'Sans titre',
    newEntry: (kind) => `Nouvelle entrée (${kind})`,
    newVersion: (locale) => `Nouvelle version « ${locale} »`,
    notYetIn: (locale) => `Pas encore de version « ${locale} »`,
    noVersionYet: (single, locale) => `${capitalized(thing(single).this)} n’a pas encore de version « ${locale} ».`,
    createVersion: (locale) => `Créer la version « ${locale} »`,
    mayNotLocalize: 'Votre compte ne peut pas créer de versions linguistiques.',
    readOnly: (single) => `Votre compte peut lire ${thing(single).this}, mais pas ${thing(single).it} modifier.`,
    localizeHint: (locale) => `Remplissez ce qui change dans la version « ${locale} » ; `
      + 'les autres champs sont communs à toutes les versions linguistiques.',
    localeVersions: 'Versions linguistiques',
    locale: 'Langue',
    notCreatedYet: ' (pas encore créée)',
    saveDraft: 'Enregistrer le brouillon',
    save: 'Enregistrer',
    saving: 'Enregistrement…',
    working: 'En cours…',
    publish: 'Publier',
    unpublish: 'Dépublier',
    discard: 'Abandonner les modifications',
    unsaved: 'Modifications non enregistrées',
    history: 'Historique',
    delete: 'Supprimer',
    deleting: 'Suppression…',
    deleteVersion: 'Supprimer cette version',
    deleteEveryLocale: 'Supprimer dans toutes les langues',
    /** The question before a delete; `locale` is '' for a type that is not localized. */
    deleteQuestion: (single, locale, onlyVersion) => {
      const what = thing(single);
      if (!locale) return `Supprimer ${what.this} ?`;
      if (onlyVersion) {
        return `Supprimer ${what.this} ? Sa version « ${locale} » est la seule : la supprimer supprime ${what.whole}.`;
      }
      return `Supprimer la version « ${locale} » de ${what.this}, ou ${what.whole} dans toutes les langues ?`;
    },
    cannotBeUndone: (question) => `${question} Cette action est irréversible.`,
    unpublishTitle: (single) => `Dépublier ${thing(single).this} ?`,
    unpublishText: (locale) =>
      `Les lecteurs n’${locale ? `auront plus accès à sa version « ${locale} »` : 'y auront plus accès'}. `
      + 'Le brouillon est conservé, et peut être publié de nouveau.',
    unpublished: 'Publication retirée.',
    discardTitle: 'Abandonner les modifications du brouillon ?',
    discardText: 'Le brouillon revient à la version publiée. '
      + 'Les modifications enregistrées depuis sa publication sont perdues.',
    discarded: 'Modifications abandonnées.',
    checkFields: 'Vérifiez les champs signalés.',
    required: (field) => `Le champ « ${field} » est obligatoire.`,
    draftSaved: 'Brouillon enregistré.',
    saved: 'Modifications enregistrées.',
    published: 'Publication effectuée.',
    deleted: 'Suppression effectuée.',
    keptMine: 'Vos modifications sont conservées : si vous enregistrez maintenant, elles remplacent l’autre version.',
    secretKept: 'Jamais affiché : laissez vide pour le conserver',
    secretNeverShown: 'Jamais affiché une fois enregistré',
    inYourTimeZone: 'Dans votre fuseau horaire',
    sharedByAllLocales: 'Commun à toutes les langues',
  },
  kept: {
    title: 'Modifications non enregistrées avant votre nouvelle connexion',
    text: 'Votre session a pris fin avant que ces modifications soient enregistrées. '
      + 'Elles ont été conservées dans cet onglet du navigateur.',
    withheld: ' Les mots de passe et les champs privés ne sont jamais conservés : saisissez-les de nouveau.',
    restore: 'Restaurer mes modifications',
    discard: 'Les abandonner',
  },
  conflict: {
    title: 'Quelqu’un d’autre a modifié cette entrée',
    text: 'Elle a été modifiée et enregistrée ailleurs depuis que vous l’avez ouverte : vos modifications n’ont donc '
      + 'pas été enregistrées. Elles sont toujours dans le formulaire.',
    seeOther: 'Voir l’autre version',
    reload: 'Recharger l’entrée',
    keepEditing: 'Continuer à modifier',
    deletedMeanwhile: 'L’entrée a été supprimée entre-temps.',
    reloadTitle: 'Recharger et perdre vos modifications ?',
    reloadText: 'Le rechargement affiche l’entrée telle qu’elle est enregistrée maintenant. '
      + 'Ce que vous avez saisi depuis son ouverture sera perdu.',
    reloadConfirm: 'Recharger et perdre mes modifications',
    goBack: 'Revenir',
    otherVersion: 'L’autre version',
    compareText: 'Ce qui est enregistré maintenant, à côté de ce que contient votre formulaire. '
      + 'En enregistrant, vous écrivez les champs que vous avez modifiés (signalés) par-dessus l’autre version ; '
      + 'les autres gardent ce qui est enregistré.',
    field: 'Champ',
    storedNow: 'Actuellement enregistré',
    yourForm: 'Votre formulaire',
    changedByYou: 'modifié par vous',
    noneDiffers: 'Aucun champ ne diffère.',
    keepMine: 'Continuer avec ma version',
    useStored: 'Utiliser la version enregistrée',
    yes: 'Oui',
    no: 'Non',
    neverShown: '(jamais affiché)',
    empty: '(vide)',
  },
  history: {
    title: 'Historique',
    close: 'Fermer l’historique',
    versions: 'Versions',
    version: 'Version',
    versionsNewestFirst: 'Versions, de la plus récente à la plus ancienne',
    /** What each action of a version is called; an action not named here is shown by its own name. */
    actions: {
      create: 'Création',
      update: 'Enregistrement',
      delete: 'Suppression',
      publish: 'Publication',
      unpublish: 'Retrait de la publication',
      discardDraft: 'Abandon des modifications du brouillon',
      restore: 'Restauration d’une version antérieure',
    },
    unknownAuthor: 'Inconnu',
    token: (name) => `Jeton d’API « ${name} »`,
    publishedVersion: 'Version publiée',
    by: ' par ',
    changedFields: (fields, more) =>
      `Champs modifiés : ${fields.join(', ')}${more > 0 ? ` et ${count(more, 'autre', 'autres')}` : ''}`,
    mayNot: (what) => `Votre compte ne peut pas ${what}.`,
    seeHistory: 'voir l’historique de cette entrée',
    seeVersions: 'voir les versions de cette entrée',
    restoreVersions: 'restaurer des versions',
    noHistory: 'Ce serveur ne conserve pas d’historique pour cette entrée.',
    noVersions: 'Aucune version enregistrée pour le moment.',
    showOlder: 'Afficher les versions plus anciennes',
    chooseVersion: 'Choisissez une version pour la voir à côté du brouillon actuel.',
    emptyVersion: 'Cette version ne contient rien à afficher (l’entrée n’existait pas alors).',
    versionOf: (when) => `Version du ${when}`,
    versionBy: (action, who, published) => `${action} par ${who}${published ? ' (la version publiée)' : ''}.`,
    summary: (labels) => {
      if (labels.length === 0) return 'Aucun champ ne diffère du brouillon actuel.';
      const differ = labels.length === 1 ? '1 champ diffère' : `${labels.length} champs diffèrent`;
      return `${differ} du brouillon actuel : ${labels.join(', ')}.`;
    },
    unsavedNotCompared: ' Vos modifications non enregistrées ne font pas partie de la comparaison.',
    onlyDiffering: 'Seulement les champs qui diffèrent',
    caption: (when) => `La version du ${when} à côté du brouillon actuel ; les champs qui diffèrent sont signalés.`,
    field: 'Champ',
    thisVersion: 'Cette version',
    currentDraft: 'Brouillon actuel',
    differs: 'diffère',
    changed: 'modifié',
    noneDiffers: 'Aucun champ ne diffère.',
    notInHistory: 'Non affiché dans l’historique',
    file: (id) => `Fichier ${id}`,
    empty: '(vide)',
    yes: 'Oui',
    no: 'Non',
    restore: 'Restaurer cette version',
    restoring: 'Restauration…',
    restoreTitle: 'Restaurer cette version ?',
    restoreText: (when, who, dirty) => `Restaurer la version du ${when} par ${who} ? `
      + 'Le brouillon actuel est remplacé ; il reste dans l’historique.'
      + (dirty ? ' Les modifications non enregistrées de votre formulaire sont perdues.' : ''),
    restoreConfirm: 'Restaurer',
    restoreAndLose: 'Restaurer et perdre mes modifications',
    restored: (when, who) => `Version du ${when} par ${who} restaurée.`,
  },
};
