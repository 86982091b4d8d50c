import { CREDITS_PER_GENERATION } from '@facet/domain/design';
import type { CreditsService } from '../billing/credits.service';
import type { UserRow } from '../accounts/accounts.reads';

/** What the design module needs of the credits: a spend before the work and its give-back on failure. */
export type DesignCredits = Pick<CreditsService, 'spend' | 'giveBack'>;

/**
 * The credits a generation takes. A generation (or regeneration) is charged before the AI is called and
 * given back when the AI fails, so a customer pays only for images they got. The spend is keyed by the
 * generation, so a retried charge takes the credits once; a short balance is a 402 that changes nothing.
 */
export function generationCharges(credits: DesignCredits) {
  return {
    async charge(
      customer: Pick<UserRow, 'id'>,
      generation: { id: string; title: string },
      amount: number = CREDITS_PER_GENERATION,
    ): Promise<{ chargeId: string; credits: number }> {
      const { spendId } = await credits.spend({
        userId: customer.id,
        credits: amount,
        reason: `AI generation: ${generation.title}`,
        idempotencyKey: `design-generation:${generation.id}`,
      });
      return { chargeId: spendId, credits: amount };
    },
    /** Gives a failed generation's credits back (once, however often it is called). */
    async refund(chargeId: string): Promise<void> {
      await credits.giveBack(chargeId);
    },
  };
}
