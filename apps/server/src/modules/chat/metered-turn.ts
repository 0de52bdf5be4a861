import { admittedTurn } from '../../lib/admitted-turn.js';
import type { PlanService } from '../billing/plan-service.js';
import type { PreparedTurn } from './conversation-service.js';

/** A turn that counts as one interaction of the tenant's plan (builder, test-chat and widget messages). */
export const meteredTurn = (plans: PlanService, tenantId: string, prepare: () => Promise<PreparedTurn>): Promise<PreparedTurn> =>
  admittedTurn(() => plans.consumeInteraction(tenantId), prepare);
