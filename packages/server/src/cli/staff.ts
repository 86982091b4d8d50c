import { createStaffAccount } from '../modules/accounts/accounts.service';
import { required, say, type Command } from './command';
import { openCommandDatabase } from './open';
import { readPassword } from './password';

export const staffCreateCommand: Command = {
  words: ['staff', 'create'],
  summary: 'make a production team (staff) account that signs in at /login-staff',
  synopsis: '--email E --name "First Last" [--password-stdin]',
  help: [
    'Makes an active staff account. The password follows the sign-up rules (8 to 128 characters with a',
    'lowercase and an uppercase letter, a number and a special character) and is never an argument:',
    '',
    '  --email E          the account email (an email with an account already is refused)',
    '  --name "F L"       the full name',
    '  --password-stdin   read the password from standard input (one line); without it, it is asked',
    '                     twice on the terminal, not shown',
  ].join('\n'),
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    'password-stdin': { type: 'boolean' },
  },
  async run(values, io) {
    const email = required(values, 'email');
    const fullName = required(values, 'name');
    // asked before the database is opened: the server's database is not held while someone types
    const password = await readPassword(io, values['password-stdin'] === true);
    const opened = await openCommandDatabase(io, { migrated: true });
    try {
      const user = await createStaffAccount(opened.database.db, { email, fullName, password });
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
      say(
        io,
        `Staff account made for ${name} <${user.email}>; it signs in at ${opened.config.publicUrl.replace(/\/$/, '')}/login-staff.`,
      );
    } finally {
      await opened.close();
    }
  },
};
