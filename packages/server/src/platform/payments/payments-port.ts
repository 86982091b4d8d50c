import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Jobs } from '../jobs';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway, type Deliverer, type SandboxGateway } from './sandbox-gateway';

/** Chooses the payments port's implementation: Stripe when STRIPE_* is set, the sandbox otherwise. */
export async function createPaymentGateway(deps: {
  db: Db;
  jobs: Jobs;
  config: Config;
}): Promise<{ gateway: PaymentGateway; sandbox: SandboxGateway | null }> {
  const { stripe } = deps.config.payments;
  if (stripe) {
    const { createStripeGateway } = await import('./stripe-gateway');
    return { gateway: createStripeGateway(stripe), sandbox: null };
  }
  const sandbox = await createSandboxGateway({
    db: deps.db,
    jobs: deps.jobs,
    publicUrl: deps.config.publicUrl,
    chaos: deps.config.payments.sandboxChaos,
  });
  return { gateway: sandbox, sandbox };
}

/** Points the sandbox's event deliveries at the app's webhook. */
export function registerPaymentJobs(sandbox: SandboxGateway, deliver: Deliverer) {
  sandbox.setDeliverer(deliver);
}
