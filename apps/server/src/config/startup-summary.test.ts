import { describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';
import { startupSummary } from './startup-summary.js';

const facts = { databaseEngine: 'pglite', vectors: true, jwtSecretSource: 'generated', webAppServed: true } as const;

describe('startupSummary', () => {
  it('names the mode of every concern on the embedded default', () => {
    const lines = startupSummary(loadConfig({ DATA_DIR: '/srv/sparks' }), facts);
    const byConcern = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')), line]));
    expect(Object.keys(byConcern)).toEqual(expect.arrayContaining(['database', 'files', 'mail', 'language model', 'payments']));
    expect(byConcern.database).toContain('PGlite');
    expect(byConcern.files).toContain('/srv/sparks/files');
    expect(byConcern.mail).toContain('outbox');
    expect(byConcern.mail).toContain('readable from this machine only at http://localhost:3000/dev/mailbox');
    expect(byConcern['language model']).toContain('offline');
    expect(byConcern.payments).toContain('test checkout');
  });

  it('reports configured engines without leaking passwords', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app:hunter2@db.internal:5432/sparks',
      SMTP_URL: 'smtp://mailer:mail-pass@smtp.internal:587',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'llama3.1',
      STRIPE_SECRET_KEY: 'sk_test_123',
    });
    const text = startupSummary(config, { ...facts, databaseEngine: 'postgres', vectors: false }).join('\n');
    expect(text).toContain('PostgreSQL at postgres://app:***@db.internal:5432/sparks');
    expect(text).toContain('full-text search only');
    expect(text).toContain('SMTP via smtp://mailer:***@smtp.internal:587');
    expect(text).toContain('llama3.1');
    expect(text).toContain('payments: Stripe');
    expect(text).not.toMatch(/hunter2|mail-pass|sk_test_123/);
  });

  it('warns when PUBLIC_URL is unset and the server listens beyond loopback', () => {
    const addressOf = (env: Record<string, string>) => startupSummary(loadConfig(env), facts).find((line) => line.startsWith('address:'));
    expect(addressOf({})).toMatch(/^address: WARNING PUBLIC_URL is not set but the server listens on 0\.0\.0\.0;.*http:\/\/localhost:3000.*Set PUBLIC_URL/);
    expect(addressOf({ HOST: '192.0.2.7' })).toContain('WARNING PUBLIC_URL is not set but the server listens on 192.0.2.7');
    for (const host of ['127.0.0.1', 'localhost', '::1']) {
      expect(addressOf({ HOST: host })).toMatch(/^address: PUBLIC_URL is not set; links follow the address/);
      expect(addressOf({ HOST: host })).not.toContain('WARNING');
    }
    expect(addressOf({ PUBLIC_URL: 'https://sparks.example' })).toBe('address: https://sparks.example (PUBLIC_URL)');
  });

  it('says when search is hybrid', () => {
    const config = loadConfig({ EMBEDDING_MODEL: 'nomic-embed-text', LLM_BASE_URL: 'http://127.0.0.1:11434/v1' });
    expect(startupSummary(config, facts).join('\n')).toContain('search: hybrid (full-text + embeddings of nomic-embed-text)');
    expect(startupSummary(config, { ...facts, vectors: false }).join('\n')).toContain('EMBEDDING_MODEL is set but the database has no pgvector');
    expect(() => loadConfig({ EMBEDDING_MODEL: 'nomic-embed-text' })).toThrow(/EMBEDDING_BASE_URL/);
  });

  it('says how a question in the other language than the documents is searched, and what to install when nothing translates it', () => {
    const translationOf = (env: Record<string, string>, translator: string | null) =>
      startupSummary(loadConfig(env), { ...facts, translator }).find((line) => line.startsWith('translation:'));
    expect(translationOf({}, 'apertium')).toBe('translation: Apertium (apertium-eng-spa) translates questions asked in the other language than the documents');
    expect(translationOf({}, null)).toContain('apt-get install apertium apertium-eng-spa');
    expect(translationOf({ TRANSLATOR: 'off' }, null)).toContain('off (TRANSLATOR=off)');
    expect(translationOf({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.1' }, 'apertium')).toContain('the language model rewords questions');
  });
});
