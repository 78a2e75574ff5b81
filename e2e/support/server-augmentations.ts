/**
 * Browser tests reach into a few server modules (sessions, settings, captcha keys) to set a
 * scene. Those modules read app decorations (config, storage, the server secret) that the
 * server's plugins declare; loading the app's types here brings every declaration in.
 */
export type {} from '../../packages/server/src/app.js';
