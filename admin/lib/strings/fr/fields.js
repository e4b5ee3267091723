/** Not translated yet. */
import { fieldWords as english } from '../en/fields.js';

/** @type {typeof english} */
export const fieldWords = english;
