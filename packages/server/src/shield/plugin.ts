import type { ShieldSettings } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { callbackHook } from '../plugins/callback-hook.js';
import { createShieldKeys, type ShieldKeys } from './keys.js';
import { judgeSubmission, type JudgeOptions } from './judge.js';
import { loadNetworkRegions, type NetworkRegions } from './network-regions.js';
import { shieldSettingsCache } from './settings.js';
import { purgeShieldData } from './spam-log.js';
import type { Verdict } from './weigh.js';

export interface ShieldService {
  keys: ShieldKeys;
  /** The country of a client address, where the site keeps a file that says (NETWORK_REGIONS). */
  regions: NetworkRegions;
  settings(): ShieldSettings;
  /** Reads the settings table again now (after an administrator's change, in tests). */
  reloadSettings(): Promise<void>;
  judge(request: FastifyRequest, fields: Record<string, unknown>, options: JudgeOptions): Promise<Verdict>;
}

declare module 'fastify' {
  interface FastifyInstance {
    shield: ShieldService;
  }
}

/** The spam shield's server half: keys, settings, the verdict engine, and the retention sweep. */
export const shieldPlugin = fp(
  async (app) => {
    const keys = createShieldKeys(app.serverSecret);
    const settings = shieldSettingsCache(app.storage, app.log);
    await settings.reload();
    const regions = await loadNetworkRegions(app.config.networkRegions);
    if (regions.ranges > 0) app.log.info({ ranges: regions.ranges }, 'shield: network regions loaded');
    app.decorate('shield', {
      keys,
      regions,
      settings: settings.current,
      reloadSettings: settings.reload,
      judge: judgeSubmission,
    } satisfies ShieldService);
    app.addHook(
      'onRequest',
      callbackHook(() => settings.fresh()),
    );

    const sweep = setInterval(() => {
      purgeShieldData(app.storage, settings.current().spamLogRetentionDays).catch((error: unknown) =>
        app.log.warn({ err: error }, 'shield sweep failed'),
      );
    }, 3_600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'shield', dependencies: ['storage', 'shared-state', 'secret'] },
);
