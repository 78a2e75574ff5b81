import fp from 'fastify-plugin';
import { callbackHook } from '../../plugins/callback-hook.js';
import { settingsChangeWatcher } from '../../settings/notice.js';

/**
 * Before each request, this instance reads its in-memory settings again when another instance
 * saved a change (the settings-change notice), so the change shows on the next page here too.
 */
export const settingsNoticePlugin = fp(
  async (app) => {
    const watch = settingsChangeWatcher(app.state, () => app.shield.reloadSettings());
    app.addHook('onRequest', callbackHook(watch));
  },
  { name: 'settings-notice', dependencies: ['shared-state', 'shield'] },
);
