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
    addKind: (kind) => `Add ${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind}`,
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
};
