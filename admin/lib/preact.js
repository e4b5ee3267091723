/**
 * Preact with htm, as the page imports it. `vendor/preact-htm.js` (beside `lib/`) is npm's
 * `htm/preact/standalone`, which the server answers with: it is no file here, so the type checker
 * cannot read it, and npm has no Preact types to read instead (the bundle carries its own Preact).
 * This module passes the bundle on with the types of what the page uses, in the shape of Preact's own.
 */
// @ts-expect-error: the server answers this module from npm; there is no file to check.
import * as preact from '../vendor/preact-htm.js';

/** @typedef {{ type: unknown, props: object, key?: unknown }} VNode What `html` makes. */
/**
 * @template T
 * @typedef {{ current: T }} Ref A box kept between renders (`useRef`), or a node's `ref`.
 */
/**
 * @template T
 * @typedef {{ Provider: (props: { value: T, children?: unknown }) => VNode }} Context
 */
/**
 * @template S
 * @typedef {(next: S | ((previous: S) => S)) => void} StateSetter
 */
/**
 * @template S
 * @typedef {[S, StateSetter<S>]} State What `useState` answers.
 */
/** @typedef {readonly unknown[]} Inputs What an effect or a memo depends on. */
/** @typedef {unknown} Children What a component is given to hold (`props.children`), as htm passes it. */

/** @type {(strings: TemplateStringsArray, ...values: unknown[]) => VNode} */
export const html = preact.html;
/** @type {(tree: VNode, parent: Element) => void} */
export const render = preact.render;
/** @type {<T>(value: T) => Context<T>} */
export const createContext = preact.createContext;
/** @type {<T>(context: Context<T>) => T} */
export const useContext = preact.useContext;
/** @type {<S>(initial: S | (() => S)) => State<S>} */
export const useState = preact.useState;
/** @type {<T>(initial: T) => Ref<T>} */
export const useRef = preact.useRef;
/** @type {(effect: () => void | (() => void), inputs?: Inputs) => void} */
export const useEffect = preact.useEffect;
/** @type {(effect: () => void | (() => void), inputs?: Inputs) => void} */
export const useLayoutEffect = preact.useLayoutEffect;
/** @type {<T>(factory: () => T, inputs: Inputs) => T} */
export const useMemo = preact.useMemo;
/** @type {<T extends Function>(callback: T, inputs: Inputs) => T} */
export const useCallback = preact.useCallback;
