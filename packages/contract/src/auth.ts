import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { ROLES } from './team-roles.js';
import { dataEnvelope } from './envelope.js';

/** Upper bounds on every free-text field keep hostile input away from hashing and storage. */
export const FIELD_LIMITS = { email: 254, password: 100, name: 80, phone: 32, code: 6 } as const;

export const languageSchema = z.enum(LANGUAGES);

/** Text may not carry NUL or other control characters: PostgreSQL refuses NUL, and none belong in these fields. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const plainText = () => z.string().refine((value) => !CONTROL.test(value), 'must not contain control characters');

export const emailSchema = plainText()
  .pipe(z.string().trim().toLowerCase().max(FIELD_LIMITS.email))
  .pipe(z.email({ error: 'must be an e-mail address' }));

/** Login names are e-mails, but any text is accepted so a typo answers 'Wrong user or password', not a schema error. */
export const usernameSchema = plainText().pipe(z.string().trim().toLowerCase().min(1).max(FIELD_LIMITS.email));

export const passwordSchema = plainText().pipe(z.string().min(1).max(FIELD_LIMITS.password));

export const registerBodySchema = z
  .object({
    username: emailSchema,
    password: passwordSchema,
    email: emailSchema,
    config: z.object({ language: languageSchema }).strict(),
  })
  .strict();
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const sendCodeBodySchema = z.object({ username: usernameSchema }).strict();
export const verifyCodeBodySchema = z
  .object({
    username: usernameSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'must be 6 digits'),
  })
  .strict();
export const loginBodySchema = z.object({ username: usernameSchema, password: passwordSchema }).strict();
export const refreshBodySchema = z.object({ refresh_token: z.string().min(1).max(1024) }).strict();
export const forgotPasswordBodySchema = z.object({ email: emailSchema }).strict();
export const resetPasswordBodySchema = z.object({ newPassword: passwordSchema }).strict();

export const tokensSchema = z.object({
  access_token: z.string(),
  /** The spec's client reads this spelling after login and exchange. */
  refresh_Token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type Tokens = z.infer<typeof tokensSchema>;
export const tokensResponseSchema = dataEnvelope(tokensSchema);

export const registeredSchema = z.object({ id: z.string(), username: z.string(), email: z.string(), verified: z.boolean() });
export const messageSchema = z.object({ message: z.string() });

export const limitValueSchema = z.object({ value: z.number().int() });
export const tenantSchema = z.object({
  _id: z.string(),
  /** The signed-in user's role in this account (team-roles.ts). */
  role: z.enum(ROLES),
  /** Whose account it is, as its members see it: the owner's name, else their e-mail. */
  account: z.string(),
  /** Whether the user is e-mailed here when a visitor asks for a person (their role handles Live). */
  handoffEmails: z.boolean(),
  status: z.enum(['active', 'inactive']),
  customerId: z.string(),
  subscription: z.object({
    productName: z.string(),
    planSlug: z.string(),
    subscriptionId: z.string().nullable(),
    trialEndsAt: z.string().nullable(),
    limits: z.object({
      sparks: limitValueSchema,
      documents: limitValueSchema,
      integrations: limitValueSchema,
      interactions: limitValueSchema,
      deployments: limitValueSchema,
    }),
  }),
});

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  phone: z.string().nullable(),
  config: z.object({ language: languageSchema }),
  tenants: z.array(tenantSchema),
});
export type User = z.infer<typeof userSchema>;
export const userResponseSchema = dataEnvelope(userSchema);

const optionalName = plainText().pipe(z.string().trim().max(FIELD_LIMITS.name)).nullable().optional();
export const profilePatchSchema = z
  .object({
    firstname: optionalName,
    lastname: optionalName,
    phone: z
      .string()
      .trim()
      .max(FIELD_LIMITS.phone)
      .regex(/^[+\d\s().-]*$/, 'may contain digits, spaces and + ( ) . - only')
      .nullable()
      .optional(),
    config: z.object({ language: languageSchema }).strict().optional(),
  })
  .strict();
export type ProfilePatch = z.infer<typeof profilePatchSchema>;
