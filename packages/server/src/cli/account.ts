import { userInfo } from 'node:os';
import { join } from 'node:path';
import { accountsQueries } from '../modules/accounts/accounts.queries';
import { accountsService } from '../modules/accounts/accounts.service';
import { authThrottleStore } from '../modules/accounts/auth-throttle';
import { sessionStore } from '../modules/accounts/sessions.service';
import { recordOperatorAction } from '../platform/audit/audit';
import { filesService } from '../platform/files/files.service';
import { createStorage } from '../platform/storage';
import { CommandError, required, say, usageError, type Command } from './command';
import { commandJobs, openCommandDatabase } from './open';

const STATUSES = ['active', 'hold', 'deactivated'] as const;
type Status = (typeof STATUSES)[number];

/** The audit log's route for this command (decision 055). */
export const SET_STATUS_COMMAND = 'facet account set-status';

export const accountSetStatusCommand: Command = {
  words: ['account', 'set-status'],
  summary: "approve, hold or deactivate an account, audited as the operations console's decision",
  synopsis: '--email E --status active|hold|deactivated --reason R',
  help: [
    "The operations console's account decision (People: Approve, Hold, Deactivate), made from the command",
    'line: the same rules (a staff account is not changed here), the person is mailed the new status and',
    'the reason, and the audit log keeps it with "Operator (command line)" as who made it.',
    '',
    '  --email E        the account',
    '  --status S       active (approve), hold or deactivated',
    '  --reason R       why; kept with the decision and mailed to the person',
  ].join('\n'),
  options: {
    email: { type: 'string' },
    status: { type: 'string' },
    reason: { type: 'string' },
  },
  async run(values, io) {
    const email = required(values, 'email');
    const status = required(values, 'status');
    const reason = required(values, 'reason').trim();
    if (!STATUSES.includes(status as Status))
      throw usageError(`--status must be one of ${STATUSES.join(', ')} (not ${status})`);
    const opened = await openCommandDatabase(io, { migrated: true });
    try {
      const { config, database } = opened;
      const db = database.db;
      const target = await accountsQueries(db).findByEmail(email);
      if (!target) throw new CommandError(`No account has the email ${email.trim()}; nothing was changed.`);
      const jobs = await commandJobs(opened);
      try {
        const storage = await createStorage({
          s3: config.s3,
          diskRoot: join(config.dataDir ?? '.', 'files'),
          uploadSecret: config.uploadSecret,
        });
        const accounts = accountsService({
          db,
          sessions: sessionStore(db, config.sessionTtlDays),
          files: filesService({ db, storage }),
          jobs,
          throttle: authThrottleStore(db),
        });
        // the console's own service call: its rules, its status event and the mail to the person
        const me = await accounts.setStatus(null, target.id, { status: status as Status, reason });
        await recordOperatorAction(db, {
          command: SET_STATUS_COMMAND,
          subjectId: target.id,
          reason,
          detail: { status, operator: operatorName() },
        });
        say(
          io,
          me.status === target.status
            ? `${me.email} was ${target.status} already; the reason is recorded and audited.`
            : `${me.email}: ${target.status} -> ${me.status}; the person is mailed and the change audited.`,
        );
      } finally {
        await jobs.stop();
      }
    } finally {
      await opened.close();
    }
  },
};

/** The operating-system user who ran the command, for the audit row. */
function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
