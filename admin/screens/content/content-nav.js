/**
 * The sidebar's content types: collections, then single types, each a link to its list (or, for a
 * single type, its form).
 */
import { html } from '../../lib/preact.js';
import { contentHref } from '../../lib/routes.js';
import { isSingle } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';
import { NavGroup } from '../../ui/layout.js';

/**
 * @typedef {object} ContentNavProps
 * @property {import('../../lib/schema.js').ContentType[]} types The types the account may read.
 * @property {string} [current] The singular name of the type showing.
 */

/** @param {ContentNavProps} props */
export function ContentNav({ types, current }) {
  const t = strings.content;
  const linksOf = (single) => types
    .filter((type) => isSingle(type) === single)
    .map(({ schema }) => ({
      href: contentHref(schema.singularName),
      label: schema.displayName,
      test: `type-${schema.singularName}`,
      current: schema.singularName === current,
    }));
  return html`<${NavGroup} title=${t.collections} links=${linksOf(false)} />
    <${NavGroup} title=${t.singleTypes} links=${linksOf(true)} />`;
}
