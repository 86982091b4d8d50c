import { seedReference } from '../db/seed';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed-demo';
import { accountsQueries } from '../modules/accounts/accounts.queries';
import { CommandError, say, type Command } from './command';
import { openCommandDatabase, openCommandServices } from './open';

export const seedDemoCommand: Command = {
  words: ['seed-demo'],
  summary: 'add the demo accounts, projects and orders to a database without accounts',
  synopsis: '',
  help: [
    'Adds the demo data the development server seeds (SEED_DEMO): accounts with a published password,',
    'their projects, offers, ratings and, with SEED_DEMO_MONEY, past payments and orders. Only into a',
    'database without any account: anything else is refused and left as it is.',
  ].join('\n'),
  options: {},
  async run(_values, io) {
    const opened = await openCommandDatabase(io, { migrated: true });
    try {
      const accounts = await accountsQueries(opened.database.db).count();
      if (accounts > 0)
        throw new CommandError(
          `The database has ${accounts} account${accounts === 1 ? '' : 's'} already; seed-demo only fills an empty one.`,
        );
      const services = await openCommandServices(opened);
      try {
        await seedReference(services.ctx);
        const logins = await seedDemo(services.ctx);
        const base = opened.config.publicUrl.replace(/\/$/, '');
        say(io, `Demo data added; these accounts sign in with the password ${DEMO_PASSWORD}:`);
        for (const login of logins) say(io, `  ${login.role.padEnd(9)} ${login.email}`);
        say(io, `at ${base}/login-user, /login-designer, /login-service and /login-staff.`);
      } finally {
        await services.close();
      }
    } finally {
      await opened.close();
    }
  },
};
