export { buildApp, type AppOptions } from './app.js';
export { loadConfig, ConfigError, type Config } from './config.js';
export { bootstrap } from './bootstrap.js';
export { Answer, CallRegistry, type Handler, type CallContext } from './plugins/call-registry.js';
export type { SessionUser } from './plugins/session.js';
