import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { envSchema, type Config, type Env, type LlmProvider } from './config.js';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function pickLlmProvider(env: Env): LlmProvider {
  if (env.LLM_PROVIDER) return env.LLM_PROVIDER;
  if (env.LLM_BASE_URL) return 'openai-compatible';
  if (env.ANTHROPIC_API_KEY) return 'anthropic';
  return 'offline';
}

const commaList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Reads and validates the environment; throws ConfigError listing every problem at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production (at least 32 random characters).');
  }
  if (env.NODE_ENV === 'production' && env.CRAWL_ALLOW_LOOPBACK) {
    throw new ConfigError('CRAWL_ALLOW_LOOPBACK is for tests only and is refused when NODE_ENV=production: it would let a website import read this machine.');
  }
  const provider = pickLlmProvider(env);
  if (provider === 'openai-compatible' && !env.LLM_BASE_URL) {
    throw new ConfigError('LLM_PROVIDER=openai-compatible needs LLM_BASE_URL.');
  }
  if (provider === 'anthropic' && !(env.ANTHROPIC_API_KEY ?? env.LLM_API_KEY)) {
    throw new ConfigError('LLM_PROVIDER=anthropic needs ANTHROPIC_API_KEY (or LLM_API_KEY).');
  }
  checkStorage(env);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    publicUrlSet: env.PUBLIC_URL !== undefined,
    privacyPolicyUrl: env.PRIVACY_POLICY_URL ?? null,
    logLevel: env.LOG_LEVEL,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    corsOrigins: commaList(env.CORS_ORIGINS),
    trustProxy: env.TRUST_PROXY,
    rateLimitMax: env.RATE_LIMIT_MAX,
    chatTurnsPerMinute: env.CHAT_TURNS_PER_MINUTE,
    actionRunsPerSparkHour: env.ACTION_RUNS_PER_SPARK_HOUR,
    apiKeyRequestsPerMinute: env.API_KEY_REQUESTS_PER_MINUTE,
    loginAttempts: { ip: env.LOGIN_ATTEMPTS_PER_IP, account: env.LOGIN_ATTEMPTS_PER_ACCOUNT },
    widgetTurnsPerMinute: { ip: env.WIDGET_TURNS_PER_IP, visitor: env.WIDGET_TURNS_PER_VISITOR, spark: env.WIDGET_TURNS_PER_SPARK },
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    refreshReuseSeconds: env.REFRESH_REUSE_SECONDS,
    trialDays: env.TRIAL_DAYS,
    dnsServers: commaList(env.DNS_SERVERS),
    crawlAllowLoopback: env.CRAWL_ALLOW_LOOPBACK,
    crawlReadTimeoutMs: env.CRAWL_READ_TIMEOUT_SECONDS * 1000,
    crawlPageTimeoutMs: env.CRAWL_PAGE_TIMEOUT_SECONDS * 1000,
    crawlConcurrency: env.CRAWL_CONCURRENCY,
    whatsappGraphUrl: env.WHATSAPP_GRAPH_URL,
    metaGraphUrl: env.META_GRAPH_URL ?? env.WHATSAPP_GRAPH_URL,
    telegramApiUrl: env.TELEGRAM_API_URL,
    webDistDir: env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : undefined,
    widgetDistDir: env.WIDGET_DIST_DIR ? resolve(env.WIDGET_DIST_DIR) : undefined,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    llm: {
      provider,
      baseUrl: env.LLM_BASE_URL,
      model: env.LLM_MODEL,
      apiKey: provider === 'anthropic' ? (env.ANTHROPIC_API_KEY ?? env.LLM_API_KEY) : env.LLM_API_KEY,
      timeoutMs: env.LLM_TIMEOUT_MS,
      idleTimeoutMs: env.LLM_IDLE_TIMEOUT_MS,
    },
    // Google and Microsoft are two configurations of the same OpenID Connect sign-in.
    socialProviders: [
      ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? [{ id: 'google' as const, issuer: env.GOOGLE_ISSUER, clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }]
        : []),
      ...(env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET && env.MICROSOFT_ISSUER
        ? [{ id: 'microsoft' as const, issuer: env.MICROSOFT_ISSUER, clientId: env.MICROSOFT_CLIENT_ID, clientSecret: env.MICROSOFT_CLIENT_SECRET }]
        : []),
    ],
    // The same Microsoft app registration signs users in and reads their libraries.
    sharepoint:
      env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET
        ? {
            authority: env.MICROSOFT_AUTHORITY.replace(/\/+$/, ''),
            graphBaseUrl: env.GRAPH_BASE_URL.replace(/\/+$/, ''),
            clientId: env.MICROSOFT_CLIENT_ID,
            clientSecret: env.MICROSOFT_CLIENT_SECRET,
            syncMinutes: env.SHAREPOINT_SYNC_MINUTES,
          }
        : undefined,
    payments: {
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripePrices: { ruby: env.STRIPE_PRICE_RUBY, emerald: env.STRIPE_PRICE_EMERALD, zaphire: env.STRIPE_PRICE_ZAPHIRE },
      stripeApiBase: env.STRIPE_API_BASE,
    },
    storage: {
      s3Endpoint: env.S3_ENDPOINT,
      s3Bucket: env.S3_BUCKET,
      s3Region: env.S3_REGION,
      s3AccessKeyId: env.S3_ACCESS_KEY_ID,
      s3SecretAccessKey: env.S3_SECRET_ACCESS_KEY,
    },
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    jobs: {
      enabled: env.BACKGROUND_JOBS === 'on',
      pollMs: env.JOBS_POLL_MS,
      superviseSeconds: env.JOBS_SUPERVISE_SECONDS,
      ingestionTimeoutSeconds: env.INGESTION_TIMEOUT_SECONDS,
      // At least two, so one tenant's long document never holds every reader; at most four, for memory.
      ingestionConcurrency: env.INGESTION_CONCURRENCY ?? Math.min(4, Math.max(2, availableParallelism())),
    },
    translator: env.TRANSLATOR,
    embeddings: embeddingsOf(env),
  };
}

function checkStorage(env: Env): void {
  if (env.S3_ENDPOINT && !env.S3_BUCKET) throw new ConfigError('S3_ENDPOINT needs S3_BUCKET: the bucket files are stored in.');
}

function embeddingsOf(env: Env): Config['embeddings'] {
  if (!env.EMBEDDING_MODEL) return undefined;
  const baseUrl = env.EMBEDDING_BASE_URL ?? env.LLM_BASE_URL;
  if (!baseUrl) throw new ConfigError('EMBEDDING_MODEL needs EMBEDDING_BASE_URL (or LLM_BASE_URL): the OpenAI-compatible endpoint that serves it.');
  return { model: env.EMBEDDING_MODEL, baseUrl, apiKey: env.EMBEDDING_API_KEY ?? env.LLM_API_KEY };
}
