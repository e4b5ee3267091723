/**
 * The fields of an entry’s form, by kind. (in French)
 */
import { count } from './grammar.js';

/** @type {typeof import('../en/fields.js').fieldWords} */
export const fieldWords = {
  fields: {
    required: 'obligatoire',
    generateFrom: (field) => `Générer à partir de « ${field} »`,
    notEditable: 'non modifiable ici',
    notEditableYet: 'pas encore modifiable ici',
    editedFromOtherSide: (target, field) => `modifié depuis le champ « ${field} » de chaque ${target}`,
  },
  components: {
    noEntries: 'Aucune entrée pour le moment.',
    noneYet: (kind) => `Aucun composant « ${kind} » pour le moment.`,
    add: (kind) => `Ajouter « ${kind} »`,
    addEntry: 'Ajouter une entrée',
    numbered: (component, number) => `${component} ${number}`,
    atMost: (max) => `${max} au maximum.`,
    zoneEntry: (number, component) => `${number}. ${component}`,
    pickerLabel: (zone) => `Composant à ajouter à « ${zone} »`,
    addKind: (kind) => `Ajouter « ${kind} »`,
  },
  relation: {
    mayNotRead: (target) => `votre compte ne peut pas lire les entrées « ${target} »`,
    noneChosen: (target) => `Aucune entrée « ${target} » choisie.`,
    searchToAdd: (target) => `Rechercher des entrées « ${target} » à ajouter`,
    searchAnother: (target) => `Rechercher pour choisir une autre entrée « ${target} »`,
    matches: (number) => count(number, 'résultat', 'résultats'),
    matching: (target) => `Entrées « ${target} » correspondantes`,
    noMatch: (target, text) => `Aucune entrée « ${target} » ne correspond${text ? ` à « ${text} »` : ''}.`,
  },
};
