import type { ParseArgsConfig } from 'node:util';

/** Where a command reads and writes: the process's own streams, or a test's. */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** The environment the configuration is read from (default: the process's). */
  env?: Record<string, string | undefined>;
}

/** Exit statuses: done, failed (a refusal, a fault), used wrongly (unknown command or option, a missing one). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** A failure told in one line on stderr (exit 1), or a wrong use told with the command's usage (exit 2). */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CommandError(message, EXIT.usage);

type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | undefined>;

export interface Command {
  /** The words that name it: `['staff', 'create']`. */
  words: string[];
  /** One line for the list of commands. */
  summary: string;
  /** The whole `--help` text, after its `Usage:` line. */
  help: string;
  /** Its `Usage:` line's arguments (`--email E --name "First Last" [--password-stdin]`). */
  synopsis: string;
  options: Options;
  run(values: Values, io: CliIo): Promise<void>;
}

/** A required string option, or a usage error naming it. */
export function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw usageError(`--${name} is required`);
  return value;
}

export const say = (io: CliIo, line: string) => io.stdout.write(`${line}\n`);
