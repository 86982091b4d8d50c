import '../node-version';
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { AppError } from '../platform/errors';
import { accountSetStatusCommand } from './account';
import { CommandError, EXIT, type CliIo, type Command, type Values } from './command';
import { migrateCommand } from './migrate';
import { paymentsReconcileCommand } from './payments';
import { seedDemoCommand } from './seed-demo';
import { staffCreateCommand } from './staff';

/**
 * The operator's command (`npm run facet -- <command>`, decision 055): one-off tasks on the server's
 * database with the server's configuration, without the HTTP server, the job workers or the schedules.
 */

const COMMANDS: Command[] = [
  migrateCommand,
  staffCreateCommand,
  accountSetStatusCommand,
  paymentsReconcileCommand,
  seedDemoCommand,
];

const PROGRAM = 'npm run facet --';

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.words.join(' ').length));
  return [
    `Usage: ${PROGRAM} <command> [options]`,
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.words.join(' ').padEnd(width)}  ${c.summary}`),
    '',
    `Each command takes --help. The configuration is the server's (its environment: DATABASE_URL, or`,
    'DATA_DIR for the embedded database, which only one process opens at a time: stop the server first).',
    'Exit status: 0 done, 1 failed, 2 wrong usage.',
  ].join('\n');
}

function commandUsage(command: Command): string {
  const line = `Usage: ${PROGRAM} ${command.words.join(' ')}${command.synopsis ? ` ${command.synopsis}` : ''}`;
  return `${line}\n\n${command.help}`;
}

/** The command named by the first words of `argv`, and the rest (its options). */
function findCommand(argv: string[]): { command: Command; rest: string[] } | null {
  for (const command of COMMANDS) {
    const n = command.words.length;
    if (command.words.every((word, i) => argv[i] === word)) return { command, rest: argv.slice(n) };
  }
  return null;
}

const line = (stream: NodeJS.WritableStream, text: string) => stream.write(`${text}\n`);

/** Runs one command; resolves to the exit status (0 ok, 1 failure, 2 usage). Never exits the process. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help')) {
    line(io.stdout, usage());
    return EXIT.ok;
  }
  const found = findCommand(argv);
  if (!found) {
    line(io.stderr, argv.length === 0 ? 'No command given.' : `Unknown command: ${argv.join(' ')}`);
    line(io.stderr, '');
    line(io.stderr, usage());
    return EXIT.usage;
  }
  const { command, rest } = found;
  let values: Values;
  try {
    values = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }).values as Values;
  } catch (error) {
    line(io.stderr, (error as Error).message);
    line(io.stderr, '');
    line(io.stderr, commandUsage(command));
    return EXIT.usage;
  }
  if (values.help) {
    line(io.stdout, commandUsage(command));
    return EXIT.ok;
  }
  try {
    await command.run(values, io);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommandError) {
      line(io.stderr, error.message);
      if (error.exitCode === EXIT.usage) line(io.stderr, `\n${commandUsage(command)}`);
      return error.exitCode;
    }
    // a service's refusal (a bad email, a taken one, a staff account): its own message
    if (error instanceof AppError) {
      line(io.stderr, `${error.message}${/[.!?]$/.test(error.message) ? '' : '.'} Nothing was changed.`);
      return EXIT.failure;
    }
    // anything else (the database unreachable): one line, the stack only when asked for
    const message = error instanceof Error ? error.message : String(error);
    line(io.stderr, `${command.words.join(' ')} failed: ${message}`);
    if ((io.env ?? process.env).LOG_LEVEL === 'debug' && error instanceof Error && error.stack)
      line(io.stderr, error.stack);
    return EXIT.failure;
  }
}

/**
 * Run as a program (`node --import tsx packages/server/src/cli/main.ts`, or the bundle `node
 * packages/server/dist/facet.mjs`): the process's streams, its exit status. Imported (a test,
 * scripts/facet.mjs), it only exports runCli.
 */
function isMain(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isMain()) {
  const code = await runCli(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  });
  // a connection pool or a timer left by a library must not keep the command from ending
  process.exit(code);
}
