import type { PlanService } from '../billing/plan-service.js';
import type { PreparedTurn } from './conversation-service.js';

/**
 * A turn that counts as one interaction of the tenant's plan (builder and test-chat messages).
 * The interaction is taken before any work, so concurrent messages cannot pass the limit, and
 * given back when the turn does not happen (a refused request, a model failure). A user who
 * leaves mid-answer keeps it spent: the model worked, and part of the answer reached them.
 */
export async function meteredTurn(plans: PlanService, tenantId: string, prepare: () => Promise<PreparedTurn>): Promise<PreparedTurn> {
  const interaction = await plans.consumeInteraction(tenantId);
  let turn: PreparedTurn;
  try {
    turn = await prepare();
  } catch (error) {
    await interaction.refund();
    throw error;
  }
  return {
    conversationId: turn.conversationId,
    async *events(signal) {
      try {
        yield* turn.events(signal);
      } catch (error) {
        if (!signal.aborted) await interaction.refund();
        throw error;
      }
    },
  };
}
