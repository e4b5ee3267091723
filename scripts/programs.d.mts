// Types of programs.mjs, for the test helpers that import it.
export interface Program {
  command: string;
  package: string;
  env?: string;
  calls: RegExp;
}

export const PROGRAMS: readonly Program[];
export function locate(program: Program, env?: NodeJS.ProcessEnv): string | undefined;
export function findProgram(command: string, env?: NodeJS.ProcessEnv): string;
export function missingMessage(programs: readonly Program[]): string;
