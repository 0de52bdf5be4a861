import { z } from 'zod';
import { languageSchema } from './auth.js';
import { dataEnvelope } from './envelope.js';

/** What an action's input may be; the visitor's answer is checked as this type before it is used. */
export const ACTION_INPUT_TYPES = ['text', 'number', 'email', 'phone', 'date', 'choice'] as const;
export type ActionInputType = (typeof ACTION_INPUT_TYPES)[number];
export const ACTION_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ActionMethod = (typeof ACTION_METHODS)[number];
export const ACTION_LIMITS = {
  actionsPerSpark: 20,
  inputs: 10,
  examples: 10,
  headers: 10,
  /** The longest value a visitor or the owner gives an input. */
  inputChars: 500,
  urlChars: 2000,
  bodyChars: 10_000,
  replyChars: 1000,
  /** The whole call, redirects included, and the largest answer read. */
  callSeconds: 10,
  answerBytes: 1024 * 1024,
} as const;

/** An input's key, as templates name it: `{{order}}`. */
const key = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be a short name in lower case: letters, digits and _, such as order_number');
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const actionInputSchema = z
  .object({
    key,
    label: text(80).min(1, 'must not be empty'),
    type: z.enum(ACTION_INPUT_TYPES, { error: 'must be text, number, email, phone, date or choice' }),
    required: z.boolean().default(true),
    description: text(300).default(''),
    /** A sensitive input (a card's last digits, a birth date) is masked in the runs' log. */
    sensitive: z.boolean().default(false),
    choices: z.array(text(80).min(1)).max(20).default([]),
  })
  .strict()
  .refine((input) => input.type !== 'choice' || input.choices.length > 0, { message: 'a choice needs its choices', path: ['choices'] });
export type ActionInput = z.infer<typeof actionInputSchema>;

/** A header sent with the call. A secret's value is sealed at rest and never sent back: leave it out to keep the saved one. */
export const actionHeaderSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name such as Authorization'),
    value: z
      .string()
      .max(2000)
      .regex(/^[^\r\n{}]*$/, 'must be one line, without {{inputs}}: an input never goes into a header')
      .optional(),
    secret: z.boolean().default(false),
  })
  .strict();

/** Calls the owner's API: the address and body are templates over the inputs, the reply a template over the JSON answer. */
export const actionApiSchema = z
  .object({
    kind: z.literal('api'),
    method: z.enum(ACTION_METHODS, { error: 'must be GET, POST, PUT, PATCH or DELETE' }),
    url: text(ACTION_LIMITS.urlChars).min(1, 'must be the API address'),
    headers: z.array(actionHeaderSchema).max(ACTION_LIMITS.headers).default([]),
    /** A JSON body, its {{inputs}} inside strings; none for GET. */
    body: text(ACTION_LIMITS.bodyChars).nullable().default(null),
    /** What the visitor reads: {{fields}} of the answer (and of the inputs), such as "Your order {{status}} arrives {{eta}}". */
    reply: text(ACTION_LIMITS.replyChars).min(1, 'must say what the visitor reads'),
    /** What the visitor reads when the call fails or the answer lacks a field the reply names. */
    fallback: text(ACTION_LIMITS.replyChars).min(1, 'must say what the visitor reads when the call fails'),
  })
  .strict();

/** Opens a link built from the inputs (a booking page, a product page). */
export const actionLinkSchema = z
  .object({ kind: z.literal('link'), url: text(ACTION_LIMITS.urlChars).min(1, 'must be the link'), reply: text(ACTION_LIMITS.replyChars).min(1) })
  .strict();

/** Sends the details the visitor gave to the team: by e-mail, to a webhook (an https address, no inputs in it), or both. */
export const actionSendSchema = z
  .object({
    kind: z.literal('send'),
    email: z.email({ error: 'must be an e-mail address' }).max(254).nullable().default(null),
    webhook: text(ACTION_LIMITS.urlChars).nullable().default(null),
    reply: text(ACTION_LIMITS.replyChars).min(1, 'must say what the visitor reads'),
    fallback: text(ACTION_LIMITS.replyChars).min(1, 'must say what the visitor reads when the details could not be sent'),
    /** Also the way a visitor's request for a person reaches the team: their e-mail address and question go here too. */
    handoff: z.boolean().default(false),
  })
  .strict()
  .refine((send) => send.email !== null || send.webhook !== null, {
    message: 'must say where the details go: an e-mail address or a webhook',
    path: ['email'],
  });

export const actionBodySchema = z
  .object({
    name: text(80).min(1, 'must not be empty'),
    /** What it is for, as the visitor would ask it: "Look up an order's status". */
    purpose: text(300).min(1, 'must say what the action is for'),
    examples: z.array(text(200).min(1)).min(1, 'must give at least one example request').max(ACTION_LIMITS.examples),
    inputs: z.array(actionInputSchema).max(ACTION_LIMITS.inputs).default([]),
    does: z.discriminatedUnion('kind', [actionApiSchema, actionLinkSchema, actionSendSchema], { error: 'must be api, link or send' }),
    enabled: z.boolean().default(true),
  })
  .strict();
export type ActionBody = z.input<typeof actionBodySchema>;
export type ActionDefinition = z.output<typeof actionBodySchema>;

/** An action as the owner reads it back: a secret header says only that it is set. */
export const actionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  purpose: z.string(),
  examples: z.array(z.string()),
  inputs: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      type: z.enum(ACTION_INPUT_TYPES),
      required: z.boolean(),
      description: z.string(),
      sensitive: z.boolean(),
      choices: z.array(z.string()),
    }),
  ),
  does: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('api'),
      method: z.enum(ACTION_METHODS),
      url: z.string(),
      headers: z.array(z.object({ name: z.string(), value: z.string().nullable(), secret: z.boolean() })),
      body: z.string().nullable(),
      reply: z.string(),
      fallback: z.string(),
    }),
    z.object({ kind: z.literal('link'), url: z.string(), reply: z.string() }),
    z.object({
      kind: z.literal('send'),
      email: z.string().nullable(),
      webhook: z.string().nullable(),
      reply: z.string(),
      fallback: z.string(),
      handoff: z.boolean().default(false),
    }),
  ]),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Action = z.infer<typeof actionSchema>;
export const actionResponseSchema = dataEnvelope(actionSchema);
export const actionsResponseSchema = dataEnvelope(z.array(actionSchema));

/** Sample inputs for "Try it", by key. */
export const tryActionBodySchema = z
  .object({
    inputs: z.record(z.string().max(40), z.string().max(ACTION_LIMITS.inputChars, `must be at most ${ACTION_LIMITS.inputChars} characters`)).default({}),
  })
  .strict();

/** One run of an action: what was sent (secrets masked), what came back, and what the visitor reads. */
export const actionRunSchema = z.object({
  _id: z.string(),
  actionId: z.string().nullable(),
  actionName: z.string(),
  source: z.enum(['try', 'visitor', 'test']),
  /** The inputs given; a sensitive one is masked. */
  inputs: z.record(z.string(), z.string()),
  status: z.enum(['ok', 'failed']),
  /** The API's HTTP status, when it answered. */
  httpStatus: z.number().int().nullable(),
  /** Why it failed, in plain words. */
  problem: z.string().nullable(),
  durationMs: z.number().int(),
  at: z.string(),
});
export type ActionRun = z.infer<typeof actionRunSchema>;
export const actionRunsResponseSchema = dataEnvelope(z.array(actionRunSchema));

export const actionTrialSchema = z.object({
  run: actionRunSchema,
  request: z.object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), body: z.string().nullable() }),
  response: z.object({ status: z.number().int(), body: z.string() }).nullable(),
  /** What the visitor would read. */
  reply: z.string(),
});
export type ActionTrial = z.infer<typeof actionTrialSchema>;
export const actionTrialResponseSchema = dataEnvelope(actionTrialSchema);

/** What an action may be asked of a visitor: an input as the form shows it (its sensitivity stays with the owner). */
export const offeredInputSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(ACTION_INPUT_TYPES),
  required: z.boolean(),
  description: z.string(),
  choices: z.array(z.string()),
});
export type OfferedInput = z.infer<typeof offeredInputSchema>;

/**
 * An action a visitor's message asked for, offered in the answer: the inputs it needs, the values
 * read from the message itself, and whether it changes something (the visitor confirms first).
 */
export const actionOfferSchema = z.object({
  actionId: z.string(),
  name: z.string(),
  inputs: z.array(offeredInputSchema),
  values: z.record(z.string(), z.string()),
  confirm: z.boolean(),
});
export type ActionOffer = z.infer<typeof actionOfferSchema>;

/** A visitor's answers to an offered action's inputs, by key; `confirmed` when it changes something. */
export const runActionBodySchema = z
  .object({
    inputs: z
      .record(z.string().max(40), z.string().max(ACTION_LIMITS.inputChars, `must be at most ${ACTION_LIMITS.inputChars} characters`))
      .refine((inputs) => Object.keys(inputs).length <= ACTION_LIMITS.inputs, { message: `must hold at most ${ACTION_LIMITS.inputs} inputs` })
      .default({}),
    confirmed: z.boolean().default(false),
    language: languageSchema.optional(),
  })
  .strict();
export type RunActionBody = z.input<typeof runActionBodySchema>;

/** The same answers in a test chat, which names its conversation. */
export const testChatActionBodySchema = runActionBodySchema.extend({ conversationId: z.uuid({ error: 'must be a conversation id' }) }).strict();
export type TestChatActionBody = z.input<typeof testChatActionBodySchema>;
