import { MESSAGE_MAX_CHARS, actionBodySchema, objectivesProgress, sparkNameSchema, type ChatMessage, type Language, type Objective } from '@sparks/contract';
import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { showCards, type PendingCards } from '../../llm/tool-chat-turn.js';
import { BUILDER_TOOL_NAMES as NAMES } from '../../llm/tool-names.js';
import type { ObjectivesService } from '../objectives/objectives-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import type { WebsitesService } from '../websites/websites-service.js';
import type { ActionsService } from '../actions/actions-service.js';

export interface BuilderToolContext {
  tenantId: string;
  userId: string;
  sparkId: string;
  language: Language;
  sparks: SparksService;
  objectives: ObjectivesService;
  websites: WebsitesService;
  actions: Pick<ActionsService, 'create'>;
  /** Cards shown in the chat for what a tool did, by tool call. */
  pending: PendingCards;
}

const LABELS = {
  en: {
    action: 'Action added',
    instructions: 'Instructions',
    initialMessage: 'Welcome message',
    name: 'Name',
    progress: (percent: number) => `Progress: ${percent} %`,
  },
  es: {
    action: 'Acción añadida',
    instructions: 'Instrucciones',
    initialMessage: 'Mensaje de bienvenida',
    name: 'Nombre',
    progress: (percent: number) => `Progreso: ${percent} %`,
  },
} as const;

const INSTRUCTIONS_MAX = 8000;

/** A route inside the app ('/deploy', '/spark/…'), never another site or a script. */
const appPath = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)[\w\-/?=&.%]*$/, 'must be a path inside the app');
const webLink = z.url({ protocol: /^https?$/ }).max(2000);
const buttonSchema = z
  .object({ label: z.string().trim().min(1).max(80), value: z.string().trim().min(1).max(200).optional(), goto: appPath.optional(), link: webLink.optional() })
  .refine((button) => [button.value, button.goto, button.link].filter(Boolean).length === 1, 'a button has exactly one of value, goto or link');

const card = (title: string, info: Array<{ label: string; value: string }>): ChatMessage => ({
  type: 'action',
  data: { type: 'card', title, info },
  createdAt: new Date().toISOString(),
});

/** One row per objective: how many of its steps are done. */
const progressRows = (objectives: Objective[]) =>
  objectives.map((objective) => ({
    label: objective.title,
    value: `${objective.steps.filter((step) => step.status === 'completed').length}/${objective.steps.length}`,
  }));

/**
 * The typed tools through which the builder assistant changes the Spark. A real model calls them
 * by name; the offline script calls the same ones. Refusals (such as the test limit) come back
 * to the model as results so it can explain them.
 */
export function builderTools(context: BuilderToolContext): ToolSet {
  const { tenantId, userId, sparkId, sparks, objectives, websites, actions, pending, language } = context;
  const labels = LABELS[language];
  const show = (toolCallId: string, ...messages: ChatMessage[]) => showCards(pending, toolCallId, ...messages);
  /** Saves one setting and shows what it now says. */
  const save = async (setting: 'sysPrompt' | 'initialMessage', label: string, value: string, toolCallId: string) => {
    await sparks.configure(tenantId, sparkId, { [setting]: value });
    show(toolCallId, card(label, [{ label, value }]));
    return { saved: true };
  };
  return {
    [NAMES.addAction]: tool({
      description:
        "Give the Spark an action that does something for visitors (decision 0042): a name, what it is for, example requests, the inputs it asks for, and what it does — call the owner's https API, open a link, or send the details by e-mail or webhook. Ask the owner for the API address and what to reply before calling. It is added switched on; secrets go in headers marked secret.",
      inputSchema: actionBodySchema,
      execute: async (definition, { toolCallId }) => {
        try {
          const action = await actions.create(tenantId, sparkId, definition);
          show(toolCallId, card(labels.action, [{ label: labels.name, value: action.name }]));
          return { added: action.name, actionsPanel: `/spark/${sparkId}?panel=actions` };
        } catch (error) {
          if (error instanceof AppError && error.statusCode < 500) return { refused: error.message };
          throw error;
        }
      },
    }),
    [NAMES.renameSpark]: tool({
      description: 'Rename the Spark (the name users see; at most 80 characters).',
      inputSchema: z.object({ name: sparkNameSchema }),
      execute: async ({ name }) => {
        const spark = await sparks.update(tenantId, sparkId, { name });
        return { name: spark.name };
      },
    }),
    [NAMES.setInstructions]: tool({
      description: "Replace the Spark's instructions: who it is, whom it serves, its tone and its rules. Write the whole text.",
      inputSchema: z.object({ instructions: z.string().trim().min(1).max(INSTRUCTIONS_MAX) }),
      execute: ({ instructions }, { toolCallId }) => save('sysPrompt', labels.instructions, instructions, toolCallId),
    }),
    [NAMES.setInitialMessage]: tool({
      description: 'Set the message the Spark greets visitors with when a chat starts.',
      inputSchema: z.object({ message: z.string().trim().min(1).max(MESSAGE_MAX_CHARS) }),
      execute: ({ message }, { toolCallId }) => save('initialMessage', labels.initialMessage, message, toolCallId),
    }),
    [NAMES.createTest]: tool({
      description: 'Create a test chat for the Spark (at most 5 per Spark). Returns its id to link to /spark/{sparkId}/test/{testId}.',
      inputSchema: z.object({ name: z.string().trim().min(1).max(80) }),
      execute: async ({ name }) => {
        try {
          const test = await sparks.createTest(tenantId, sparkId, name, {});
          return { testId: test._id, name: test.name };
        } catch (error) {
          if (error instanceof AppError && error.statusCode < 500 && error.statusCode !== 404) return { error: error.message };
          throw error;
        }
      },
    }),
    [NAMES.showButtons]: tool({
      description:
        "Show buttons under your message. Each has a label and exactly one of: value (sent as the user's reply), goto (a path in the app such as /deploy) or link (a web address).",
      inputSchema: z.object({ buttons: z.array(buttonSchema).min(1).max(6) }),
      execute: async ({ buttons }, { toolCallId }) => {
        show(toolCallId, { type: 'action', data: { type: 'buttons', buttons }, createdAt: new Date().toISOString() });
        return { shown: buttons.length };
      },
    }),
    [NAMES.proposeChanges]: tool({
      description:
        'Propose changes to the Spark drawn from its documents, each as a button the owner may apply. A payload is sent as the owner\'s message when applied, e.g. "Welcome message: …" or "Add to the instructions: …".',
      inputSchema: z.object({
        content: z.string().trim().min(1).max(MESSAGE_MAX_CHARS),
        actions: z
          .array(z.object({ label: z.string().trim().min(1).max(80), payload: z.string().trim().min(1).max(2000) }))
          .min(1)
          .max(4),
      }),
      execute: async ({ content, actions }, { toolCallId }) => {
        show(toolCallId, { type: 'ai', data: { type: 'dochanges', content, actions }, createdAt: new Date().toISOString() });
        return { proposed: actions.length };
      },
    }),
    [NAMES.learnWebsite]: tool({
      description:
        "Learn from the owner's website: give its address (http or https). Sparks finds its pages in the background; the owner then chooses in the documents panel which ones the Spark answers from.",
      inputSchema: z.object({ url: z.string().trim().min(1).max(2000) }),
      execute: async ({ url }) => {
        try {
          const website = await websites.add(tenantId, sparkId, { url, include: [], exclude: [], schedule: 'manual' });
          return { websiteId: website._id, url: website.url, state: website.state };
        } catch (error) {
          // A refused address or a plan limit is told to the owner in the chat; anything else is ours.
          if (error instanceof AppError && error.statusCode < 500 && error.statusCode !== 404) return { error: error.message };
          throw error;
        }
      },
    }),
    [NAMES.reportProgress]: tool({
      description:
        "Show the owner how far the Spark is: its objectives' percentage and the steps left. Most steps complete by themselves; the only one the owner reports is that the Spark is on their website: pass onWebsite true when they say so (false if they took it down).",
      inputSchema: z.object({ onWebsite: z.boolean().optional() }),
      execute: async ({ onWebsite }, { toolCallId }) => {
        const current =
          onWebsite === undefined
            ? await objectives.objectives(tenantId, userId, sparkId, language)
            : await objectives.report(tenantId, userId, sparkId, { stepId: 'publish:embed', status: onWebsite ? 'completed' : 'pending' }, language);
        const percent = objectivesProgress(current);
        show(toolCallId, card(labels.progress(percent), progressRows(current)));
        const stepsLeft = current.flatMap((objective) => objective.steps.filter((step) => step.status !== 'completed').map((step) => step.title));
        return { percent, stepsLeft };
      },
    }),
  };
}
