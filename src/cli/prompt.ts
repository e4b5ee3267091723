/**
 * The only place that asks questions. Prompts appear only on a terminal and without `--yes`;
 * otherwise a missing value is an error that says how to pass it.
 */
import { ValidationError } from '../errors.js';
import type { CliIo, GlobalOptions } from './io.js';

export interface Question {
  /** How to give the value without a prompt, for the error message, e.g. `--plural <name>`. */
  flag: string;
  message: string;
  type?: 'input' | 'password' | 'confirm' | 'select';
  choices?: string[];
  default?: string | boolean;
  validate?: (value: string) => true | string;
}

export function canPrompt(io: CliIo, options: Pick<GlobalOptions, 'yes'>): boolean {
  return io.isTTY && !options.yes;
}

/**
 * Answers `given` when the user passed it, else asks (on a TTY) or fails naming the flag.
 * @example const code = await valueOrAsk(io, opts, codeArg, { flag: '<code>', message: 'Locale code' });
 */
export async function valueOrAsk<T extends string | boolean>(io: CliIo, options: Pick<GlobalOptions, 'yes'>, given: T | undefined, question: Question): Promise<T> {
  if (given !== undefined) return given;
  if (!canPrompt(io, options)) {
    if (question.default !== undefined) return question.default as T;
    throw new ValidationError(`missing ${question.flag} (${question.message.toLowerCase()})`);
  }
  const { default: inquirer } = await import('inquirer');
  const type = question.type === 'select' ? 'list' : (question.type ?? 'input');
  const answers = await inquirer.prompt<{ value: T }>([
    {
      type,
      name: 'value',
      message: question.message,
      default: question.default,
      choices: question.choices,
      validate: question.validate,
      ...(type === 'password' ? { mask: '*' } : {}),
    } as never,
  ]);
  return answers.value;
}
