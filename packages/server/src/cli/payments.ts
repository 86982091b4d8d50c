import { say, type Command } from './command';
import { openCommandDatabase, openCommandServices } from './open';

export const paymentsReconcileCommand: Command = {
  words: ['payments', 'reconcile'],
  summary: "compare the gateway's paid checkouts with the ledger now (the schedule does it every 15 minutes)",
  synopsis: '',
  help: [
    "Runs now what the payments-reconcile schedule runs: the gateway's paid checkouts of the last 7 days",
    'against our payments. With the sandbox gateway a payment the ledger missed is booked at once (its',
    'project, order or plan moves on); with Stripe it is reported, and the webhook retries book it.',
    'Prints one line; exits 0 whatever it found.',
  ].join('\n'),
  options: {},
  async run(_values, io) {
    const opened = await openCommandDatabase(io, { migrated: true });
    try {
      const services = await openCommandServices(opened);
      try {
        const { gateway, payments } = services.ctx;
        const repair = gateway.name === 'sandbox';
        const { checked, missed } = await payments.reconcile({ repair });
        const booked = missed.filter((m) => m.repaired).length;
        const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
        say(
          io,
          `Reconciled with the ${gateway.name} gateway: ${plural(checked, 'paid checkout')} checked, ` +
            `${missed.length} missed by the ledger` +
            (missed.length === 0
              ? '.'
              : repair
                ? `, ${booked} booked now.`
                : ' (left to the webhook retries).'),
        );
      } finally {
        await services.close();
      }
    } finally {
      await opened.close();
    }
  },
};
