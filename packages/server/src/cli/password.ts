import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { CommandError, usageError, type CliIo } from './command';

/**
 * A password for the operator's command: never an argument (it would stay in the shell's history and in
 * the process list). `--password-stdin` reads it from standard input (one line, the line end dropped);
 * otherwise it is asked twice on the terminal, without echo.
 */
export async function readPassword(io: CliIo, fromStdin: boolean): Promise<string> {
  if (fromStdin) return passwordFromStdin(io);
  if (!io.stdin.isTTY) {
    throw usageError('no terminal to ask the password on: pipe it in with --password-stdin');
  }
  const first = await askHidden(io, 'Password: ');
  const again = await askHidden(io, 'Password again: ');
  if (first !== again) throw new CommandError('The two passwords differ; nothing was changed.');
  return first;
}

async function passwordFromStdin(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (/[\r\n]/.test(text)) throw new CommandError('Give the password on one line of standard input.');
  return text;
}

/** One line read from the terminal while what is typed is not shown (the prompt is). */
function askHidden(io: CliIo, prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) io.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: io.stdin, output, terminal: true });
  return new Promise((resolve, reject) => {
    rl.question(prompt, (answer) => {
      rl.close();
      io.stderr.write('\n');
      resolve(answer);
    });
    muted = true;
    rl.once('SIGINT', () => {
      rl.close();
      io.stderr.write('\n');
      reject(new CommandError('Interrupted; nothing was changed.'));
    });
  });
}
