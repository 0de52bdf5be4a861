import { isLoopbackHost } from '@sparks/contract';
import type { Config } from './config.js';

export interface RuntimeFacts {
  databaseEngine: 'pglite' | 'postgres';
  vectors: boolean;
  jwtSecretSource: 'environment' | 'generated' | 'data-dir';
  webAppServed: boolean;
  /** The offline translator found at start-up (Apertium), if any. */
  translator?: string | null;
  /** Embedded only: the backup written at this start because migrations were pending. */
  backupBeforeMigrating?: { file: string; pending: number } | undefined;
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable url)';
  }
}

/** Where the outbox can be read: only from this machine, and never in production. */
const mailbox = (config: Config): string =>
  config.env === 'production' ? '' : `, readable from this machine only at http://localhost:${config.port}/dev/mailbox`;

/**
 * Which address links carry. Without PUBLIC_URL they follow the address in use only when it is this
 * machine's (decision 0024): listening beyond loopback, people elsewhere would get links they cannot reach.
 */
function address(config: Config): string {
  if (config.publicUrlSet) return `address: ${config.publicUrl} (PUBLIC_URL)`;
  const loopback = isLoopbackHost(config.host.includes(':') ? `[${config.host}]` : config.host);
  const links = `links follow the address the product is opened at when it is this machine's (loopback or one of its own addresses), otherwise ${config.publicUrl}, which e-mails always use`;
  return loopback
    ? `address: PUBLIC_URL is not set; ${links}`
    : `address: WARNING PUBLIC_URL is not set but the server listens on ${config.host}; ${links}. Set PUBLIC_URL to the address people reach Sparks at.`;
}

/** One line per concern, so an operator sees at a glance which engine each part runs on. */
/**
 * How a question in the other language than the documents is searched (decision 0025): by the
 * model, by Apertium, or not at all, said plainly with what to install.
 */
function translation(config: Config, facts: RuntimeFacts): string {
  const apertium = facts.translator === 'apertium';
  if (config.llm.provider !== 'offline') return `the language model rewords questions for the search${apertium ? ' (Apertium when it fails)' : ''}`;
  if (apertium) return 'Apertium (apertium-eng-spa) translates questions asked in the other language than the documents';
  if (config.translator === 'off') return 'off (TRANSLATOR=off): a question in the other language than the documents finds little';
  return "none: a question in the other language than the documents finds little. Install Debian's apertium and apertium-eng-spa (apt-get install apertium apertium-eng-spa) and restart";
}

export function startupSummary(config: Config, facts: RuntimeFacts): string[] {
  const database = facts.databaseEngine === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : `PostgreSQL at ${redactUrl(config.databaseUrl ?? '')}`;
  const llm = {
    offline: 'offline responder (built in, no model configured)',
    'openai-compatible': `OpenAI-compatible endpoint ${config.llm.baseUrl ?? ''}${config.llm.model ? ` model ${config.llm.model}` : ''}`,
    anthropic: `Anthropic${config.llm.model ? ` model ${config.llm.model}` : ''}`,
  }[config.llm.provider];
  return [
    address(config),
    `database: ${database}`,
    `search: ${
      config.embeddings && facts.vectors
        ? `hybrid (full-text + embeddings of ${config.embeddings.model})`
        : `full-text search only (${config.embeddings ? 'EMBEDDING_MODEL is set but the database has no pgvector' : 'no EMBEDDING_MODEL'})`
    }`,
    `files: ${config.storage.s3Endpoint ? `S3-compatible storage at ${config.storage.s3Endpoint} bucket ${config.storage.s3Bucket ?? '(unset)'}` : `disk in ${config.dataDir}/files`}`,
    `mail: ${config.mail.smtpUrl ? `SMTP via ${redactUrl(config.mail.smtpUrl)}` : `outbox (stored in the database and printed to the log; no SMTP_URL)${mailbox(config)}`}`,
    `language model: ${llm}`,
    `translation: ${translation(config, facts)}`,
    `payments: ${config.payments.stripeSecretKey ? 'Stripe' : 'built-in test checkout (no STRIPE_SECRET_KEY)'}`,
    `SharePoint: ${config.sharepoint ? `connections through ${config.sharepoint.authority}` : 'off (no MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET)'}`,
    `auth: JWT secret ${{ environment: 'from JWT_SECRET', generated: 'generated and stored in DATA_DIR', 'data-dir': 'loaded from DATA_DIR' }[facts.jwtSecretSource]}`,
    `web app: ${facts.webAppServed ? 'served from the built bundle' : 'not built (run npm run build); API only'}`,
    ...(facts.backupBeforeMigrating
      ? [
          `backup: before applying ${facts.backupBeforeMigrating.pending} new migration${facts.backupBeforeMigrating.pending === 1 ? '' : 's'}, saved ${facts.backupBeforeMigrating.file} (the last 3 are kept)`,
        ]
      : []),
  ];
}
