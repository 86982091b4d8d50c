import { say, type Command } from './command';
import { openCommandDatabase } from './open';

export const migrateCommand: Command = {
  words: ['migrate'],
  summary: "apply the database's pending migrations and exit",
  synopsis: '',
  help: [
    "Applies this version's pending migrations to the server's database (DATABASE_URL, or PGlite in",
    'DATA_DIR) and exits. The server applies them at each start too; this runs them before one, e.g. in a',
    'deployment step. With the embedded database, stop the server first.',
  ].join('\n'),
  options: {},
  async run(_values, io) {
    const opened = await openCommandDatabase(io, { migrated: false });
    try {
      const pending = await opened.database.pendingMigrations();
      await opened.database.migrate();
      say(
        io,
        pending === 0
          ? 'The database is up to date: no migration to apply.'
          : `Applied ${pending} migration${pending === 1 ? '' : 's'}; the database is up to date.`,
      );
    } finally {
      await opened.close();
    }
  },
};
