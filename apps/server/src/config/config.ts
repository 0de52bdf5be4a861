import { TRIAL_DAYS } from '@sparks/contract';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads; README's configuration table mirrors this. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset or empty: links the owner follows use the address in use when it is this machine's (decision 0024). */
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /** The operator's own privacy policy; without it /privacy shows the built-in one. */
  PRIVACY_POLICY_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  CORS_ORIGINS: optionalString,
  TRUST_PROXY: booleanFlag,
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  CHAT_TURNS_PER_MINUTE: z.coerce.number().int().positive().default(40),
  /** Runs of a Spark's actions in an hour, from every visitor and test chat together: what the owner's API is asked at most. */
  ACTION_RUNS_PER_SPARK_HOUR: z.coerce.number().int().positive().default(300),
  /** Requests one API key may make in a minute, whatever it calls (answered with RateLimit-* headers). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Password logins per client address and per account in 15 minutes (brute-force limits; raise them behind a shared NAT). */
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** Widget questions per minute: from one address, from one visitor, and to one Spark from everyone. */
  WIDGET_TURNS_PER_IP: z.coerce.number().int().positive().default(30),
  WIDGET_TURNS_PER_VISITOR: z.coerce.number().int().positive().default(12),
  WIDGET_TURNS_PER_SPARK: z.coerce.number().int().positive().default(600),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  DNS_SERVERS: optionalString,
  /** Lets the website crawler read loopback addresses (127.0.0.1, ::1), for tests only: production refuses to start with it. */
  CRAWL_ALLOW_LOOPBACK: booleanFlag,
  /** How long the website crawler waits for a page that stopped sending before giving up on it. */
  CRAWL_READ_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /** The longest one page may take in all, however slowly it trickles in. */
  CRAWL_PAGE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** Websites one instance crawls or reads at a time (each account's one after another). */
  CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(4),
  /** Meta's Graph API, with its version: where WhatsApp replies are sent (tests point it at a fake server). */
  WHATSAPP_GRAPH_URL: z.url().default('https://graph.facebook.com/v25.0'),
  /** Meta's Graph API for a Page's Messenger and Instagram messages; WhatsApp's by default (tests point it at a fake server). */
  META_GRAPH_URL: z.url().optional(),
  /** Telegram's Bot API (tests point it at a fake server). */
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How long a spent refresh token is still honoured for the browser that spent it (two tabs, a lost answer); 0 never. */
  REFRESH_REUSE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** Length of a new account's free trial (product.md §9: 15 days); 0 ends it at once, for demonstrations and tests. */
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(TRIAL_DAYS),
  WEB_DIST_DIR: optionalString,
  WIDGET_DIST_DIR: optionalString,
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Sparks <no-reply@sparks.localhost>'),
  LLM_PROVIDER: z.enum(['offline', 'openai-compatible', 'anthropic']).optional(),
  LLM_BASE_URL: optionalString.pipe(z.url().optional()),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  LLM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  /** Microsoft Entra ID's issuer names one directory: https://login.microsoftonline.com/<tenant-id>/v2.0. */
  MICROSOFT_ISSUER: optionalString.pipe(z.url().optional()),
  /** Microsoft identity platform authority for the SharePoint connection (a directory, or organizations for any work account). */
  MICROSOFT_AUTHORITY: z.url().default('https://login.microsoftonline.com/organizations'),
  GRAPH_BASE_URL: z.url().default('https://graph.microsoft.com/v1.0'),
  /** How often a connected library is synced again on its own, in minutes. */
  SHAREPOINT_SYNC_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where the Stripe SDK sends its calls (default Stripe's API; a Stripe-shaped server in tests). */
  STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
  STRIPE_PRICE_RUBY: optionalString,
  STRIPE_PRICE_EMERALD: optionalString,
  STRIPE_PRICE_ZAPHIRE: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  REDIS_URL: optionalString.pipe(z.url().optional()),
  /** Prefix of every key this installation writes to Redis (several installations may share one server). */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,40}$/, 'REDIS_KEY_PREFIX: letters, digits and : . - _ only')
    .default('sparks:'),
  EMBEDDING_MODEL: optionalString,
  EMBEDDING_BASE_URL: optionalString.pipe(z.url().optional()),
  EMBEDDING_API_KEY: optionalString,
  BACKGROUND_JOBS: z.enum(['on', 'off']).default('on'),
  JOBS_POLL_MS: z.coerce.number().int().min(500).max(60_000).default(2_000),
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  INGESTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(300),
  /** Documents one instance reads at a time; unset: one per core, between 2 and 4. */
  INGESTION_CONCURRENCY: z.coerce.number().int().min(1).max(8).optional(),
  /** auto: Apertium translates questions for the search when Debian's apertium-eng-spa is installed; off: never. */
  TRANSLATOR: z.enum(['auto', 'off']).default('auto'),
});

export type Env = z.infer<typeof envSchema>;

export type LlmProvider = 'offline' | 'openai-compatible' | 'anthropic';

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** PUBLIC_URL, or http://localhost:$PORT when it is unset (e-mails always use it). */
  publicUrl: string;
  /** Whether PUBLIC_URL was given: without it, links the owner follows may use the request's address (lib/public-url-for.ts). */
  publicUrlSet: boolean;
  /** Where /privacy sends people, when the operator has a policy of their own. */
  privacyPolicyUrl: string | null;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  databaseUrl: string | undefined;
  /** Undefined until resolved by `resolveJwtSecret` (generated and kept in DATA_DIR outside production). */
  jwtSecret: string | undefined;
  corsOrigins: string[];
  trustProxy: boolean;
  rateLimitMax: number;
  /** Password logins allowed per address and per account in 15 minutes. */
  loginAttempts: { ip: number; account: number };
  /** Chat turns one user may start per minute: each can cost a model call. */
  chatTurnsPerMinute: number;
  actionRunsPerSparkHour: number;
  apiKeyRequestsPerMinute: number;
  /** Website-widget questions per minute, per address, per visitor and per Spark. */
  widgetTurnsPerMinute: { ip: number; visitor: number; spark: number };
  /** The SharePoint connection: present when a Microsoft app (client id and secret) is configured. */
  sharepoint: { authority: string; graphBaseUrl: string; clientId: string; clientSecret: string; syncMinutes: number } | undefined;
  accessTokenTtlSeconds: number;
  sessionTtlDays: number;
  refreshReuseSeconds: number;
  trialDays: number;
  /** Resolvers for the e-mail domain check (host or host:port); empty means the system's. */
  dnsServers: string[];
  /** The website crawler may read loopback addresses (tests against a site served on this machine). */
  crawlAllowLoopback: boolean;
  crawlReadTimeoutMs: number;
  crawlPageTimeoutMs: number;
  crawlConcurrency: number;
  whatsappGraphUrl: string;
  metaGraphUrl: string;
  telegramApiUrl: string;
  webDistDir: string | undefined;
  widgetDistDir: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  llm: {
    provider: LlmProvider;
    baseUrl: string | undefined;
    model: string | undefined;
    apiKey: string | undefined;
    /** Longest a whole answer may take, and longest the model may stay silent while streaming. */
    timeoutMs: number;
    idleTimeoutMs: number;
  };
  /** Identity providers offered for sign-in; only configured ones appear. */
  socialProviders: Array<{ id: 'google' | 'microsoft'; issuer: string; clientId: string; clientSecret: string }>;
  payments: {
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    stripePrices: { ruby?: string; emerald?: string; zaphire?: string };
    stripeApiBase: string | undefined;
  };
  storage: {
    s3Endpoint: string | undefined;
    s3Bucket: string | undefined;
    s3Region: string;
    s3AccessKeyId: string | undefined;
    s3SecretAccessKey: string | undefined;
  };
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** Document ingestion runs in this process unless turned off (API-only instances of a scaled deployment). */
  jobs: {
    enabled: boolean;
    pollMs: number;
    /** How often workers look for jobs whose worker died. */
    superviseSeconds: number;
    /** A document still being read after this long is taken from its worker and tried again. */
    ingestionTimeoutSeconds: number;
    /** Documents read at a time by this instance (each tenant's documents one at a time among them). */
    ingestionConcurrency: number;
  };
  /** Whether questions are translated offline for the search (Apertium, when installed). */
  translator: 'auto' | 'off';
  /** An OpenAI-compatible embedding model for hybrid search; without it search is full-text only. */
  embeddings: { model: string; baseUrl: string; apiKey: string | undefined } | undefined;
}
