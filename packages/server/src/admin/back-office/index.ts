import fp from 'fastify-plugin';
import { claimsRoutes } from '../claims/index.js';
import { listsRoutes } from '../lists/index.js';
import { peopleRoutes } from '../people/index.js';
import { settingsNoticePlugin, settingsRoutes } from '../settings/index.js';

/**
 * The back office's pages beyond the items (issue 14): lists, categories and tags; settings;
 * people; claims. One plugin, so the app registers it with one line; not encapsulated, so the
 * settings-change check runs before every request of the site.
 */
export const backOfficeRoutes = fp(
  async (app) => {
    await app.register(settingsNoticePlugin);
    await app.register(listsRoutes);
    await app.register(settingsRoutes);
    await app.register(peopleRoutes);
    await app.register(claimsRoutes);
  },
  { name: 'back-office', dependencies: ['shared-state', 'shield'] },
);
