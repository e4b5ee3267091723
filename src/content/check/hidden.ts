/**
 * Values never shown: whether a path in a stored value goes through a password or private attribute,
 * and its messages without the value they would quote.
 */
import { isPlainObject } from '../../objects.js';
import type { ModelLookup } from '../../model/index.js';
import type { Attribute } from '../../schema/index.js';

/**
 * Whether `path` in a stored value goes through a password or private attribute, at any depth of
 * components and dynamic zones: messages about it never show its value, since they go to logs and
 * CI output that readers of the value's document may not see it in (a password, a private note).
 */
export function isHiddenAt(attributes: Record<string, Attribute>, value: unknown, path: readonly string[], lookup: ModelLookup): boolean {
  let scope = attributes;
  let current = value;
  for (let i = 0; i < path.length; i++) {
    const name = path[i]!;
    const attribute = Object.hasOwn(scope, name) ? scope[name] : undefined;
    if (!attribute) return false;
    if (attribute.type === 'password' || attribute.private === true) return true;
    if (attribute.type !== 'component' && attribute.type !== 'dynamiczone') return false;
    current = isPlainObject(current) ? current[name] : undefined;
    if (attribute.type === 'dynamiczone' || attribute.repeatable) {
      const index = path[++i];
      current = Array.isArray(current) && index !== undefined ? current[Number(index)] : undefined;
    }
    const uid = attribute.type === 'component' ? attribute.component : isPlainObject(current) ? current.__component : undefined;
    const component = typeof uid === 'string' ? lookup.component(uid) : undefined;
    if (!component) return false;
    scope = component.attributes;
  }
  return false;
}

export const NOT_SHOWN = 'its value is not shown (a password or private attribute)';

/**
 * A message without the value it quotes: the API's type messages (`…, but the final value was: …`)
 * and the stored form of a relation (`…, got …`). compareStored words its own messages.
 */
export function withoutValue(message: string): string {
  return message.replace(/, (?:but the final value was:|got) [\s\S]*$/, `; ${NOT_SHOWN}`);
}
