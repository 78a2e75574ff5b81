import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SettingsField } from '@waymark/protocol';
import { readSetting, writeSetting } from '../../settings/store.js';
import { noticeSettingsChange } from '../../settings/notice.js';
import { doneFrom, staffForPage, staffForPost, withDone } from '../back-office/guard.js';
import { readSettingsForm, settingsErrors, settingsFields } from './form.js';
import { SETTINGS_OBJECTS, settingsObject } from './objects.js';

export const SETTINGS_PATH = '/admin/settings';
const NOT_FOUND = { page: 'not-found', title: 'Page not found' } as const;

/**
 * Settings (issue 14): each settings object in a form made from its schema, checked on the
 * server by the same schema, errors by field. A saved change takes effect on the next page: the
 * settings are read from the table per request, and the copies kept in memory are read again
 * here at once and on every other instance through the settings-change notice. Administrators only.
 */
export async function settingsRoutes(app: FastifyInstance) {
  const objects = SETTINGS_OBJECTS.map(({ def, label }) => ({ key: def.key, label }));

  const show = (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    fields: SettingsField[],
    errors: Record<string, string> = {},
    status = 200,
  ) => {
    const current = objects.find((object) => object.key === key) ?? objects[0];
    return reply.renderPage(
      {
        page: 'admin-settings',
        title: `Settings: ${current?.label ?? ''}`,
        objects,
        current: current ?? { key, label: key },
        fields,
        errors,
        done: status === 200 ? doneFrom(request) : null,
      },
      status,
    );
  };

  app.get(SETTINGS_PATH, async (request, reply) => {
    if (!(await staffForPage(request, reply, 'settings'))) return reply;
    return reply.redirect(`${SETTINGS_PATH}/${objects[0]?.key ?? ''}`, 303);
  });

  app.get(`${SETTINGS_PATH}/:key`, async (request, reply) => {
    if (!(await staffForPage(request, reply, 'settings'))) return reply;
    const object = settingsObject((request.params as { key?: string }).key ?? '');
    if (!object) return reply.renderPage(NOT_FOUND, 404);
    const value = await readSetting(app.storage, object.def, (m) => request.log.warn(m));
    return show(request, reply, object.def.key, settingsFields(object.def, value as Record<string, unknown>));
  });

  app.post(`${SETTINGS_PATH}/:key`, async (request, reply) => {
    const key = (request.params as { key?: string }).key ?? '';
    const post = await staffForPost(request, reply, 'settings', `${SETTINGS_PATH}/${encodeURIComponent(key)}`);
    if (!post) return reply;
    const object = settingsObject(key);
    if (!object) return reply.renderPage(NOT_FOUND, 404);
    const posted = readSettingsForm(object.def, post.fields);
    const parsed = object.def.schema.safeParse(posted);
    if (!parsed.success) {
      // The form again as it was sent, with the schema's word on each field it refused.
      return show(request, reply, key, settingsFields(object.def, posted), settingsErrors(parsed.error.issues), 400);
    }
    await writeSetting(app.storage, object.def, parsed.data);
    await app.shield.reloadSettings();
    await noticeSettingsChange(app.state);
    return reply.redirect(
      withDone(request, `${SETTINGS_PATH}/${key}`, `The ${object.label.toLowerCase()} settings are saved.`),
      303,
    );
  });
}
