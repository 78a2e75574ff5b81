import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail, renderMail } from '../../src/mail/index.js';
import { SESSION_COOKIE, startSession } from '../../src/plugins/session.js';
import { contextOf } from '../accounts/page-context.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { webDistEnv } from './env.js';

describe('the outbox without an SMTP server', () => {
  let t: TestApp;
  const sessionOf = async (role: 'administrator' | 'subscriber') => {
    const { id } = await t.app.storage.db
      .insertInto('users')
      .values({
        email: `${role}@example.org`,
        name: role,
        password_hash: 'unused',
        role,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await startSession(t.app.storage, id, 1)).token;
  };

  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: webDistEnv() });
  });
  afterAll(async () => t?.close());

  it('keeps every message, runs no worker, and shows the waiting ones to administrators only', async () => {
    expect(t.app.outboxWorker).toBeNull();
    const mail = renderMail({ subject: 'Waiting <here>', paragraphs: ['Hello.'] }, 'Waymark');
    await enqueueMail(t.app.storage.db, { kind: 'contact-owner', to: 'owner@example.org', ...mail });

    const admin = await t.app.inject({
      url: '/admin/outbox',
      cookies: { [SESSION_COOKIE]: await sessionOf('administrator') },
    });
    expect(admin.statusCode).toBe(200);
    expect(contextOf(admin.body).data).toMatchObject({
      page: 'outbox',
      delivering: false,
      messages: [
        { kind: 'contact-owner', to: 'owner@example.org', subject: 'Waiting <here>', attempts: 0, lastError: '' },
      ],
    });

    const member = await t.app.inject({
      url: '/admin/outbox',
      cookies: { [SESSION_COOKIE]: await sessionOf('subscriber') },
    });
    expect(member.statusCode).toBe(404);
    const visitor = await t.app.inject({ url: '/admin/outbox' });
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe('/login?next=%2Fadmin%2Foutbox');
  });
});
