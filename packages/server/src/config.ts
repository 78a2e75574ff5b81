import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/**
 * Typed configuration from environment variables, validated once at start. A bad value stops
 * the server with a message that names the variable, what it must be, and what it was.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const env = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default('data'),
  MEDIA_DIR: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_PREFIX: z.string().min(1).max(100).default('waymark:'),
  DNS_SERVERS: z
    .string()
    .regex(/^[\w.:[\]-]+(,[\w.:[\]-]+)*$/, 'must be a comma-separated list of host or host:port')
    .optional(),
  DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000),
  DNS_CANARY: z
    .string()
    .regex(
      /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
      'must be a domain name, e.g. gmail.com',
    )
    .default('gmail.com'),
  WAYMARK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.default(false),
  TRUST_PROXY: bool.default(false),
  ADMIN_EMAIL: z.email().default('admin@waymark.test'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: bool.default(true),
  // The demo's home-page slider costs the home page its own script; off unless asked for.
  SEED_SLIDER: bool.default(false),
  SEED_ITEMS: z.coerce.number().int().min(0).max(100_000).default(300),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  SITE_NAME: z.string().min(1).max(100).default('Waymark'),
  WEB_DIST: z.string().min(1).default(defaultWebDist),
  STRICT_ANSWERS: bool.default(false),
  /** A tile server's URL template with {z}, {x}, {y} (and optionally {s}); unset: the offline base layer. */
  TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+\{z\}[^\s]*$/, 'must be an http(s) URL template with {z}, {x} and {y}')
    .optional(),
  TILE_ATTRIBUTION: z.string().max(500).optional(),
  /** A Nominatim instance to forward geocoding to; unset: the offline gazetteer answers. */
  GEOCODER_URL: z.url({ protocol: /^https?$/ }).optional(),
  GEOCODER_USER_AGENT: z.string().min(1).max(200).default('Waymark directory (self-hosted)'),
  /** Where the outbox delivers mail; unset: messages wait in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Waymark <no-reply@waymark.test>'),
  /** Host names the site answers to when PUBLIC_URL is unset (comma-separated). */
  ALLOWED_HOSTS: z
    .string()
    .regex(/^[\w.:[\]-]+(,[\w.:[\]-]+)*$/, 'must be a comma-separated list of host names')
    .optional(),
  /** Host names the server may fetch pages from even on private addresses: tests on loopback only. */
  FETCH_ALLOWED_HOSTS: z
    .string()
    .regex(/^[\w.:[\]-]+(,[\w.:[\]-]+)*$/, 'must be a comma-separated list of host names')
    .optional(),
  /**
   * A country file of address ranges (CSV) on this machine, for the shield's time-zone check;
   * unset: no address has a known country and nothing is judged by it.
   */
  NETWORK_REGIONS: z.string().min(1).optional(),
  /** The bearer token `/metrics` asks for; unset: `/metrics` is not served. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type Env = z.input<typeof env>;

export interface Config {
  host: string;
  port: number;
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  mediaDir: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several sites can share one Redis. */
  redisPrefix: string;
  secret: string | undefined;
  /** Resolvers for the e-mail checks' MX lookups; the system's when empty. */
  dnsServers: string[];
  dnsTimeoutMs: number;
  /** A domain any working resolver finds: when it cannot, "no such domain" means "could not check". */
  dnsCanary: string;
  logLevel: string;
  logPretty: boolean;
  trustProxy: boolean;
  adminEmail: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  seedSlider: boolean;
  seedItems: number;
  sessionDays: number;
  siteName: string;
  webDist: string;
  /** Check every answer against its schema: on in tests, where drift must fail loudly. */
  strictAnswers: boolean;
  tileUrl: string | undefined;
  tileAttribution: string | undefined;
  geocoderUrl: string | undefined;
  geocoderUserAgent: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  allowedHosts: string[];
  metricsToken: string | undefined;
  fetchAllowedHosts: string[];
  /** The shield's country file of address ranges, if the site keeps one. */
  networkRegions: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as it does in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = env.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      const got = present[name];
      const shown = name.includes('SECRET') || name.includes('PASSWORD') ? '(hidden)' : JSON.stringify(got);
      return `  ${name}: ${issue.message}${got === undefined ? '' : ` (got ${shown})`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    secret: e.WAYMARK_SECRET,
    dnsServers: e.DNS_SERVERS?.split(',') ?? [],
    dnsTimeoutMs: e.DNS_TIMEOUT_MS,
    dnsCanary: e.DNS_CANARY.toLowerCase(),
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    trustProxy: e.TRUST_PROXY,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    seedSlider: e.SEED_SLIDER,
    seedItems: e.SEED_ITEMS,
    sessionDays: e.SESSION_DAYS,
    siteName: e.SITE_NAME,
    webDist: path.resolve(e.WEB_DIST),
    strictAnswers: e.STRICT_ANSWERS,
    tileUrl: e.TILE_URL,
    tileAttribution: e.TILE_ATTRIBUTION,
    geocoderUrl: e.GEOCODER_URL?.replace(/\/$/, ''),
    geocoderUserAgent: e.GEOCODER_USER_AGENT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    allowedHosts: e.ALLOWED_HOSTS?.toLowerCase().split(',') ?? [],
    metricsToken: e.METRICS_TOKEN,
    fetchAllowedHosts: e.FETCH_ALLOWED_HOSTS?.toLowerCase().split(',') ?? [],
    networkRegions: e.NETWORK_REGIONS === undefined ? undefined : path.resolve(e.NETWORK_REGIONS),
  };
}
