/** Something counted before a turn (an interaction of the plan, a question of a daily cap), given back if the turn does not happen. */
export interface Admission {
  refund(): Promise<void>;
}

/** A chat turn as the routes run it: the conversation it belongs to and its events. */
export interface Turn<E> {
  conversationId: string;
  events(signal: AbortSignal): AsyncGenerator<E>;
}

/**
 * A turn paid for with something counted beforehand. It is taken before any work, so concurrent
 * messages cannot pass a limit, and given back when the turn does not happen (a refused request,
 * a model failure). A user who leaves mid-answer keeps it spent: the model worked, and part of
 * the answer reached them.
 */
export async function admittedTurn<E>(admit: () => Promise<Admission>, prepare: () => Promise<Turn<E>>): Promise<Turn<E>> {
  const admission = await admit();
  let turn: Turn<E>;
  try {
    turn = await prepare();
  } catch (error) {
    await admission.refund();
    throw error;
  }
  return {
    conversationId: turn.conversationId,
    async *events(signal) {
      try {
        yield* turn.events(signal);
      } catch (error) {
        if (!signal.aborted) await admission.refund();
        throw error;
      }
    },
  };
}
