import {
  MESSAGE_MAX_CHARS,
  SPARK_ICONS,
  SPARK_PALETTES,
  iconNamed,
  paletteNamed,
  profilePatchSchema,
  sparkNameSchema,
  type ChatMessage,
  type Language,
  type SparkTheme,
  type SystemTopic,
} from '@sparks/contract';
import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { showCards, type PendingCards } from '../../llm/tool-chat-turn.js';
import { ASSISTANT_TOOL_NAMES as NAMES } from '../../llm/tool-names.js';
import type { ProfileService } from '../accounts/profile-service.js';
import type { PlanService } from '../billing/plan-service.js';
import type { ObjectivesService } from '../objectives/objectives-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { assistantCards } from './assistant-cards.js';

export interface AssistantToolContext {
  topic: SystemTopic;
  tenantId: string;
  userId: string;
  language: Language;
  /** The Spark the conversation is about; create_spark sets it, and the conversation is stored with it. */
  conversation: { sparkId: string | null };
  /** The product's address the embed code names. */
  productUrl: string;
  sparks: SparksService;
  profiles: ProfileService;
  objectives: ObjectivesService;
  plans: PlanService;
  /** Cards and events shown in the chat for what a tool did, by tool call. */
  pending: PendingCards;
}

/** As long as the offline script ever sends (it cuts the user's words to this). */
const PURPOSE_MAX = 2000;

const appPath = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)[\w\-/?=&.%]*$/, 'must be a path inside the app');
const buttonSchema = z
  .object({ label: z.string().trim().min(1).max(80), value: z.string().trim().min(1).max(200).optional(), goto: appPath.optional() })
  .refine((button) => [button.value, button.goto].filter(Boolean).length === 1, 'a button has exactly one of value or goto');

/** Refusals a user can act on (a limit, a missing Spark) go back to the model to explain; faults stay faults. */
async function refusable<T>(run: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return { error: error.message };
    throw error;
  }
}

const TOPIC_TOOLS: Record<SystemTopic, ReadonlyArray<string>> = {
  'new-spark': [
    NAMES.createSpark,
    NAMES.setPurpose,
    NAMES.showPalettes,
    NAMES.setPalette,
    NAMES.showIcons,
    NAMES.setIcon,
    NAMES.setInitialMessage,
    NAMES.showWidgetPreview,
    NAMES.createTest,
    NAMES.showButtons,
  ],
  profile: [NAMES.showProfile, NAMES.updateProfile, NAMES.showButtons],
  settings: [NAMES.showProfile, NAMES.updateProfile, NAMES.sendEvent, NAMES.showButtons],
  billing: [NAMES.showPlan, NAMES.showButtons],
  deploy: [NAMES.showEmbedCode, NAMES.reportDeployStep, NAMES.showButtons],
  onboarding: [NAMES.showOnboarding, NAMES.showButtons],
  main_chat: [NAMES.showButtons],
};

/**
 * The typed tools through which the system assistant acts: on the Spark being created, on the
 * user's profile, on the deploy steps. A real model calls them by name; the offline script
 * calls the same ones. Each topic offers only the tools that belong to it.
 */
export function assistantTools(context: AssistantToolContext): ToolSet {
  const { tenantId, userId, sparks, profiles, pending, conversation } = context;
  const cards = assistantCards(context.language);
  const show = (toolCallId: string, ...messages: ChatMessage[]) => showCards(pending, toolCallId, ...messages);
  const currentSpark = async () => {
    if (!conversation.sparkId) throw new AppError(409, 'CONFLICT', 'There is no Spark yet: create it first with create_spark.');
    return sparks.get(tenantId, conversation.sparkId);
  };
  const setTheme = async (change: (theme: SparkTheme) => SparkTheme) => {
    const spark = await currentSpark();
    const theme = change(spark.options.theme ?? cards.defaultTheme);
    await sparks.configure(tenantId, spark._id, { theme });
    return theme;
  };

  const all: ToolSet = {
    [NAMES.createSpark]: tool({
      description: 'Create the new Spark with the name the user chose. Call it once, when the user has told you the name.',
      inputSchema: z.object({ name: sparkNameSchema }),
      execute: async ({ name }, { toolCallId }) =>
        refusable(async () => {
          if (conversation.sparkId) return { sparkId: conversation.sparkId, note: 'This conversation already created its Spark.' };
          const spark = await sparks.create(tenantId, name);
          conversation.sparkId = spark._id;
          show(toolCallId, cards.event('newSpark', { sparkId: spark._id }));
          return { sparkId: spark._id, name: spark.name };
        }),
    }),
    [NAMES.setPurpose]: tool({
      description: "Write the Spark's instructions from the purpose the user described (who it serves and what it answers).",
      inputSchema: z.object({ purpose: z.string().trim().min(1).max(PURPOSE_MAX) }),
      execute: async ({ purpose }) =>
        refusable(async () => {
          const spark = await currentSpark();
          await sparks.configure(tenantId, spark._id, { sysPrompt: cards.instructions(spark.name, purpose) });
          return { saved: true };
        }),
    }),
    [NAMES.showPalettes]: tool({
      description: 'Show the colour palettes the user can choose from for the widget.',
      inputSchema: z.object({}),
      execute: async (_input, { toolCallId }) => {
        show(toolCallId, cards.palettes());
        return { shown: SPARK_PALETTES.map((palette) => palette.name) };
      },
    }),
    [NAMES.setPalette]: tool({
      description: 'Set the widget palette the user chose, by its name.',
      inputSchema: z.object({ name: z.string().trim().min(1).max(40) }),
      execute: async ({ name }) =>
        refusable(async () => {
          const palette = paletteNamed(name);
          if (!palette) return { error: `Unknown palette. Choose one of: ${SPARK_PALETTES.map((item) => item.name).join(', ')}` };
          await setTheme((theme) => ({ ...theme, palette: { name: palette.name, primary: palette.primary, secondary: palette.secondary } }));
          return { palette: palette.name };
        }),
    }),
    [NAMES.showIcons]: tool({
      description: 'Show the icons the user can choose from for the widget button.',
      inputSchema: z.object({}),
      execute: async (_input, { toolCallId }) => {
        show(toolCallId, cards.icons());
        return { shown: SPARK_ICONS.map((icon) => icon.name) };
      },
    }),
    [NAMES.setIcon]: tool({
      description: 'Set the widget icon the user chose, by its name.',
      inputSchema: z.object({ name: z.string().trim().min(1).max(40) }),
      execute: async ({ name }) =>
        refusable(async () => {
          const icon = iconNamed(name);
          if (!icon) return { error: `Unknown icon. Choose one of: ${SPARK_ICONS.map((item) => item.name).join(', ')}` };
          await setTheme((theme) => ({ ...theme, icon: { name: icon.name } }));
          return { icon: icon.name };
        }),
    }),
    [NAMES.setInitialMessage]: tool({
      description: 'Set the message the Spark greets visitors with.',
      inputSchema: z.object({ message: z.string().trim().min(1).max(MESSAGE_MAX_CHARS) }),
      execute: async ({ message }, { toolCallId }) =>
        refusable(async () => {
          await sparks.configure(tenantId, (await currentSpark())._id, { initialMessage: message });
          show(toolCallId, cards.welcome(message));
          return { saved: true };
        }),
    }),
    [NAMES.showWidgetPreview]: tool({
      description: 'Show how the widget will look on a website, with the chosen palette and icon.',
      inputSchema: z.object({}),
      execute: async (_input, { toolCallId }) =>
        refusable(async () => {
          const spark = await currentSpark();
          show(toolCallId, cards.widgetPreview(spark));
          return { shown: true };
        }),
    }),
    [NAMES.createTest]: tool({
      description: 'Create a test chat for the new Spark and open it.',
      inputSchema: z.object({ name: z.string().trim().min(1).max(80) }),
      execute: async ({ name }, { toolCallId }) =>
        refusable(async () => {
          const spark = await currentSpark();
          const test = await sparks.createTest(tenantId, spark._id, name, {});
          show(toolCallId, cards.event('goto', { goto: `/spark/${spark._id}/test/${test._id}` }));
          return { testId: test._id };
        }),
    }),
    [NAMES.showButtons]: tool({
      description:
        "Show buttons under your message. Each has a label and exactly one of: value (sent as the user's reply) or goto (a path in the app such as /deploy).",
      inputSchema: z.object({ buttons: z.array(buttonSchema).min(1).max(6) }),
      execute: async ({ buttons }, { toolCallId }) => {
        show(toolCallId, cards.buttons(buttons));
        return { shown: buttons.length };
      },
    }),
    [NAMES.showProfile]: tool({
      description: "Show a summary of the user's profile: name, phone and preferred language.",
      inputSchema: z.object({}),
      execute: async (_input, { toolCallId }) => {
        show(toolCallId, cards.userCard(await profiles.get(userId, tenantId)));
        return { shown: true };
      },
    }),
    [NAMES.updateProfile]: tool({
      description: "Change the user's first name, last name, phone or preferred language (en or es). Send only what changes.",
      inputSchema: profilePatchSchema,
      execute: async (patch, { toolCallId }) =>
        refusable(async () => {
          const before = await profiles.get(userId, tenantId);
          const user = await profiles.update(userId, patch, tenantId);
          show(toolCallId, cards.event('updateProfile', {}));
          if (user.config.language !== before.config.language) show(toolCallId, cards.event('language', { language: user.config.language }));
          return {
            firstname: user.firstname,
            lastname: user.lastname,
            phone: user.phone,
            language: user.config.language,
            languageChanged: user.config.language !== before.config.language,
          };
        }),
    }),
    [NAMES.showPlan]: tool({
      description: "Show the user's current plan, its limits and what they use of it this month.",
      inputSchema: z.object({}),
      execute: async (_input, { toolCallId }) => {
        const usage = await context.plans.usage(tenantId);
        show(toolCallId, cards.plan(await profiles.get(userId, tenantId), usage));
        return { plan: usage.plan.productName, interactions: usage.interactions, sparks: usage.sparks, documents: usage.documents };
      },
    }),
    [NAMES.showEmbedCode]: tool({
      description: 'Show the code to paste into a website to add one of the user’s Sparks as a chat widget.',
      inputSchema: z.object({ sparkId: z.uuid() }),
      execute: async ({ sparkId }, { toolCallId }) =>
        refusable(async () => {
          const spark = await sparks.get(tenantId, sparkId);
          show(toolCallId, cards.embedCode(spark, context.productUrl));
          // The deploy conversation is now about this Spark: its "live" step completes the Spark's own objective too.
          conversation.sparkId = spark._id;
          await context.objectives.report(tenantId, userId, 'deploy', { stepId: 'deploy:choose', status: 'completed' });
          return { shown: true, name: spark.name };
        }),
    }),
    [NAMES.reportDeployStep]: tool({
      description: 'Mark a deploy step as done when the user says they did it: snippet (copied the code into their site), live (it shows on their site).',
      inputSchema: z.object({ step: z.enum(['snippet', 'live']) }),
      execute: async ({ step }) =>
        refusable(async () => {
          await context.objectives.report(tenantId, userId, 'deploy', { stepId: `deploy:${step}`, status: 'completed' });
          if (step === 'live' && conversation.sparkId) {
            await context.objectives.report(tenantId, userId, conversation.sparkId, { stepId: 'publish:embed', status: 'completed' });
          }
          return { completed: step };
        }),
    }),
    [NAMES.showOnboarding]: tool({
      description: 'Show the list of what a new user does to get a Spark online.',
      inputSchema: z.object({}),
      execute: async (_input, { toolCallId }) => {
        show(toolCallId, cards.onboarding());
        return { shown: true };
      },
    }),
    [NAMES.sendEvent]: tool({
      description: 'Ask the app to act: logout signs the user out; goto opens a path of the app.',
      inputSchema: z.discriminatedUnion('event', [z.object({ event: z.literal('logout') }), z.object({ event: z.literal('goto'), goto: appPath })]),
      execute: async (input, { toolCallId }) => {
        show(toolCallId, cards.event(input.event, input.event === 'goto' ? { goto: input.goto } : {}));
        return { sent: input.event };
      },
    }),
  };
  return Object.fromEntries(TOPIC_TOOLS[context.topic].map((name) => [name, all[name]!]));
}
