/**
 * A list's tools: its columns, page size, filters, bulk actions; filling in from another locale. (in French)
 */
import { entries } from './grammar.js';

/** `1 entrée sélectionnée`, `2 entrées publiées`: the participle agrees with « entrée ». */
const agreed = (count, word) => `${entries(count)} ${word}${Math.abs(count) < 2 ? '' : 's'}`;

/** @type {typeof import('../en/lists.js').listWords} */
export const listWords = {
  listTools: {
    columns: 'Colonnes',
    columnsShown: 'Colonnes affichées',
    pageSize: 'Par page',
    created: 'Créé le',
    yes: 'Oui',
    no: 'Non',
  },
  listFilters: {
    filters: 'Filtres',
    add: 'Ajouter un filtre',
    field: 'Champ',
    operator: 'Condition',
    value: 'Valeur',
    from: 'De',
    to: 'À',
    choices: 'Valeurs',
    apply: 'Ajouter le filtre',
    remove: (filter) => `Retirer le filtre : ${filter}`,
    clear: 'Retirer les filtres',
    operators: {
      contains: 'contient',
      notContains: 'ne contient pas',
      eq: 'est égal à',
      startsWith: 'commence par',
      endsWith: 'se termine par',
      isEmpty: 'est vide',
      isNotEmpty: 'n’est pas vide',
      isTrue: 'est vrai',
      isFalse: 'est faux',
      in: 'est parmi',
      between: 'entre',
      equal: '=',
      lessThan: '<',
      greaterThan: '>',
      on: 'le',
      before: 'avant le',
      after: 'après le',
    },
    quoted: (text) => `« ${text} »`,
    range: (from, to) => `${from} et ${to}`,
    // A label such as « Mis à jour le » cannot run on into « avant le »: a colon parts them.
    chip: (field, operator, value) => `${field} : ${operator}${value ? ` ${value}` : ''}`,
  },
  bulk: {
    selectAll: 'Sélectionner toutes les entrées de cette page',
    select: (name) => `Sélectionner « ${name} »`,
    selected: (count) => agreed(count, 'sélectionnée'),
    clear: 'Tout désélectionner',
    publish: {
      label: 'Publier',
      working: (done, total) => `Publication… ${done} sur ${total}`,
      title: (count) => `Publier ${entries(count)} ?`,
      text: () => 'Les lecteurs verront chaque entrée telle que son brouillon est maintenant.',
      confirm: (count) => `Publier ${entries(count)}`,
      done: (succeeded, total) => `${agreed(succeeded, 'publiée')} sur ${total}.`,
    },
    unpublish: {
      label: 'Dépublier',
      working: (done, total) => `Dépublication… ${done} sur ${total}`,
      title: (count) => `Dépublier ${entries(count)} ?`,
      text: () => 'Les lecteurs ne les verront plus. Leurs brouillons restent, et pourront être publiés à nouveau.',
      confirm: (count) => `Dépublier ${entries(count)}`,
      done: (succeeded, total) => `${agreed(succeeded, 'dépubliée')} sur ${total}.`,
    },
    delete: {
      label: 'Supprimer',
      working: (done, total) => `Suppression… ${done} sur ${total}`,
      title: (count) => `Supprimer ${entries(count)} ?`,
      text: (locale) => `${locale ? `Leurs versions « ${locale} » sont supprimées ; `
        + 'une entrée sans autre version linguistique est supprimée entièrement. ' : ''}Cette action est irréversible.`,
      confirm: (count) => `Supprimer ${entries(count)}`,
      done: (succeeded, total) => `${agreed(succeeded, 'supprimée')} sur ${total}.`,
    },
    failed: (count) => (Math.abs(count) < 2 ? 'Celle-ci a échoué :' : `Ces ${count} ont échoué :`),
    failure: (name, reason) => `${name} : ${reason}`,
    untitled: (documentId) => `Sans titre (${documentId})`,
    dismiss: 'Fermer',
  },
  localeFill: {
    label: 'Remplir depuis une autre langue',
    from: 'Langue à copier',
    fill: 'Remplir',
    askTitle: (locale) => `Remplir depuis ${locale} ?`,
    askText: (locale) => `Les champs propres à chaque langue prennent les valeurs de la version ${locale}, `
      + 'à la place de ce qu’ils contiennent maintenant. Rien n’est enregistré tant que vous n’enregistrez pas.',
    filled: (locale) => `Rempli depuis ${locale}. Rien n’est enregistré tant que vous n’enregistrez pas.`,
  },
};
