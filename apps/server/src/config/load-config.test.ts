import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load-config.js';

describe('loadConfig', () => {
  it('runs the embedded default with no environment at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/[/\\]data$/);
    expect(config.llm.provider).toBe('offline');
    expect(config.jwtSecret).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('takes PORT and DATA_DIR from the environment', () => {
    const config = loadConfig({ PORT: '4123', DATA_DIR: '/tmp/sparks-elsewhere' });
    expect(config.port).toBe(4123);
    expect(config.dataDir).toBe('/tmp/sparks-elsewhere');
    expect(config.publicUrl).toBe('http://localhost:4123');
  });

  it('says whether PUBLIC_URL was given; empty is unset', () => {
    expect(loadConfig({}).publicUrlSet).toBe(false);
    expect(loadConfig({ PUBLIC_URL: '' })).toMatchObject({ publicUrl: 'http://localhost:3000', publicUrlSet: false });
    expect(loadConfig({ PUBLIC_URL: 'https://sparks.example/' })).toMatchObject({ publicUrl: 'https://sparks.example', publicUrlSet: true });
  });

  it('lists every invalid variable by name', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
    expect(attempt).toThrow(/LOG_LEVEL/);
  });

  it('refuses production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('refuses production with the crawler allowed onto loopback', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...production, CRAWL_ALLOW_LOOPBACK: 'true' })).toThrow(/CRAWL_ALLOW_LOOPBACK is for tests only/);
    expect(loadConfig(production).crawlAllowLoopback).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', CRAWL_ALLOW_LOOPBACK: '1' }).crawlAllowLoopback).toBe(true);
  });

  it('refuses a JWT_SECRET too short to be safe', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: '', JWT_SECRET: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
  });

  it('infers the language-model provider from what is configured', () => {
    expect(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' }).llm.provider).toBe('openai-compatible');
    expect(loadConfig({ ANTHROPIC_API_KEY: 'sk-ant-test' }).llm.provider).toBe('anthropic');
    expect(() => loadConfig({ LLM_PROVIDER: 'openai-compatible' })).toThrow(/LLM_BASE_URL/);
    expect(() => loadConfig({ LLM_PROVIDER: 'anthropic' })).toThrow(/ANTHROPIC_API_KEY/);
  });

  it('splits CORS_ORIGINS into a clean list', () => {
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example , ,https://b.example' }).corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});
