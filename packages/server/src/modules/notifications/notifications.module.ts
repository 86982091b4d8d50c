import { defineModule } from '../../platform/modules';
import { notificationsService, registerMailJob, type NotificationsService } from './notifications.service';

declare module '../../platform/modules' {
  interface Modules {
    /** The notification centre: every mail's in-app twin and the mail preferences (issue 15). */
    notifications: { notifications: NotificationsService };
  }
}

/** Notifications: every mail sent, its in-app twin, and each person's preferences. */
export default defineModule({
  name: 'notifications',
  dependsOn: ['accounts'],
  provides: ['notifications'],
  build: ({ db, mailer, config }) => ({
    notifications: notificationsService({ db, mailer, publicUrl: config.publicUrl }),
  }),
  routes: async (config) => [
    (await import('./notifications.routes')).notificationsRoutes,
    // the embedded outbox, readable in the browser, when no mail server is set
    ...(config.devMailbox ? [(await import('./mailbox.routes')).mailboxRoutes] : []),
  ],
  async jobs({ jobs, notifications }) {
    await registerMailJob({ jobs, notifications });
  },
});
