export { buildApp, type AppOptions, type SiteParts } from './app.js';
export { loadConfig, ConfigError, type Config } from './config.js';
export { bootstrap, type Seeder, type SeedRequest, type SeedReport } from './bootstrap.js';
export { startSite } from './start.js';
export { Answer, CallRegistry, type Handler, type CallContext } from './plugins/call-registry.js';
export type { SessionUser } from './plugins/session.js';
