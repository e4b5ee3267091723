/** What a command may touch of the outside world; tests pass their own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Prompts are allowed only when stdin and stdout are terminals. */
  isTTY: boolean;
  env: Record<string, string | undefined>;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  env: process.env,
};

/** Options every command accepts (declared once, on the program). */
export interface GlobalOptions {
  dir: string;
  json?: boolean;
  yes?: boolean;
}
