import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has defaults for a single machine on SQLite', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.mediaDir).toMatch(/data\/media$/);
    expect(config.seedDemo).toBe(true);
    expect(config.seedItems).toBe(300);
  });

  it('names every bad variable, what it must be and what it was', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('(got "eighty")');
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('LOG_LEVEL');
  });

  it('never prints a secret it rejects', () => {
    expect(() => loadConfig({ WAYMARK_SECRET: 'short' })).toThrow(
      /WAYMARK_SECRET: must be at least 32 characters \(got \(hidden\)\)/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('accepts PostgreSQL and Redis URLs', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('takes a DNS canary domain, gmail.com unless told', () => {
    expect(loadConfig({}).dnsCanary).toBe('gmail.com');
    expect(loadConfig({ DNS_CANARY: 'Intranet.Example.org' }).dnsCanary).toBe('intranet.example.org');
    expect(() => loadConfig({ DNS_CANARY: 'not a domain' })).toThrow(/DNS_CANARY: must be a domain name/);
  });
});
