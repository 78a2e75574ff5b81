/** The back office's settings forms, made from the settings objects' schemas. */
export { settingsRoutes, SETTINGS_PATH } from './routes.js';
export { settingsNoticePlugin } from './notice-plugin.js';
