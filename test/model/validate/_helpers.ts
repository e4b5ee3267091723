/** Small models and an error catcher for the payload-validation specs. */
import { ValidationError } from '../../../src/errors.js';
import type { Attribute, Component } from '../../../src/schema/index.js';
import type { Model, ModelLookup } from '../../../src/model/index.js';
import { validateDocumentInput, type ValidateOptions, type ValidatedInput, type ValidationIssue } from '../../../src/model/index.js';
import { expectError } from '../../_helpers/index.js';

export interface CaughtValidationError {
  message: string;
  details: Record<string, unknown>;
  /** `details.errors`, or [] for errors that carry none (`Invalid key`). */
  errors: ValidationIssue[];
  /** Each issue's path, dotted, for short assertions. */
  paths: string[];
}

/** Runs `fn` and returns the ValidationError it throws, with its issues and their paths at hand. */
export function rejects(fn: () => unknown): CaughtValidationError {
  const error = expectError(fn, ValidationError);
  const errors = (error.details.errors ?? []) as ValidationIssue[];
  return { message: error.message, details: error.details, errors, paths: errors.map((issue) => issue.path.join('.')) };
}

export function component(uid: string, attributes: Record<string, Attribute>): Component {
  const [category = '', name = ''] = uid.split('.');
  return { uid, category, name, displayName: name, attributes, file: `content-types/components/${category}/${name}.yaml` };
}

export function model(attributes: Record<string, Attribute>, options: Partial<Omit<Model, 'attributes'>> = {}): Model {
  return { uid: 'api::thing.thing', localized: false, draftAndPublish: true, isComponent: false, attributes, ...options };
}

export function lookupOf(components: Component[] = []): ModelLookup {
  const byUid = new Map(components.map((entry) => [entry.uid, entry]));
  return { model: () => undefined, component: (uid) => byUid.get(uid), mayRead: () => true };
}

/** Validates `data` against a model made of `attributes`, in update mode unless told otherwise. */
export function validate(
  data: unknown,
  attributes: Record<string, Attribute>,
  options: Partial<ValidateOptions> & { components?: Component[]; model?: Partial<Omit<Model, 'attributes'>> } = {},
): ValidatedInput {
  const { components, model: modelOptions, ...rest } = options;
  return validateDocumentInput(data, model(attributes, modelOptions), { lookup: lookupOf(components), mode: 'update', ...rest });
}
