import { accountsSettings, DIRECTORY_TEXTS, directorySettings, sendVisitorsEmail } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isVerified } from '../accounts/index.js';
import { CAPTCHA_MESSAGES, captchaStepUp, checkCaptcha } from '../captcha/index.js';
import { checkEmail, createMxLookup } from '../email-check/index.js';
import { holdForConfirmation, LINKS_SPENT, withinLinkShare } from '../email-confirm/index.js';
import { enqueueMail } from '../mail/index.js';
import { normaliseFields } from '../plugins/bodies.js';
import type { CallRegistry } from '../plugins/call-registry.js';
import { readSetting } from '../settings/store.js';
import { blockAnswer, judgeSubmission, refusalAnswer } from '../shield/index.js';
import { contactLimitRefusal } from './limits.js';
import { ownerMail, type VisitorMessage } from './message.js';
import { findItemOwner } from './store.js';

const NO_ITEM = 'This listing could not be found.';
const NO_OWNER_ADDRESS = 'This listing does not take messages through the site.';
const UNVERIFIED = 'Please confirm your e-mail address first: open the link we sent you when you made your account.';
const LINK_TO_SEND = (email: string) =>
  `We sent a link to ${email}. Your message goes to the owner when you open it; the link works for one hour.`;
const GONE_ITEM = 'This listing no longer takes messages through the site, so your message was not sent.';

/** A message that waits for its sender's mailed link. */
const heldMessage = z.object({
  itemId: z.number().int(),
  visitor: z.object({ name: z.string(), email: z.string(), subject: z.string(), message: z.string() }),
});

/**
 * `qcld_pd_send_visitors_email`: a visitor's message to an item's owner. The owner's address
 * comes from the item; `to` in the request is never read. Refused, with a sentence saying why,
 * unless every field is there, the spam shield passes it, the captcha is right (when asked),
 * the sender's address passes the e-mail checks and the limits hold.
 */
export function registerContactOwnerCalls(calls: CallRegistry, app: FastifyInstance) {
  const lookup = createMxLookup({
    servers: app.config.dnsServers,
    timeoutMs: app.config.dnsTimeoutMs,
    canary: app.config.dnsCanary,
    cacheTtlMs: 3_600_000,
  });
  const refuse = (message: string) => ({ status: false, message });

  app.emailConfirmations.register('contact-owner', {
    describe: () => 'Send my message',
    async confirm(_request, reply, payload) {
      const held = heldMessage.safeParse(payload);
      const item = held.success ? await findItemOwner(app.storage, held.data.itemId) : undefined;
      const done = (message: string, status = 200) =>
        reply.renderPage(
          {
            page: 'account-notice',
            title: 'Your message',
            message,
            link: { href: '/', label: 'Back to the directory' },
          },
          status,
        );
      if (!held.success || !item?.owner_email) return done(GONE_ITEM, 410);
      await enqueueMail(app.storage.db, ownerMail(item, held.data.visitor, app.config.siteName));
      return done(`Your message is on its way to the owner of ${item.title}.`);
    },
  });

  calls.handle(sendVisitorsEmail, async ({ data, post_id: itemId }, { request, reply }) => {
    const visitor: VisitorMessage = {
      name: data.name.trim(),
      email: data.email.trim(),
      subject: data.subject.trim(),
      message: data.message.trim(),
    };
    const missing = (['name', 'email', 'subject', 'message'] as const).find((field) => visitor[field] === '');
    if (missing) return refuse(DIRECTORY_TEXTS.email[missing]);
    const item = itemId === undefined ? undefined : await findItemOwner(app.storage, itemId);
    if (!item) return refuse(NO_ITEM);
    if (!item.owner_email) return refuse(NO_OWNER_ADDRESS);
    // A member writes to owners once their address is confirmed; a visitor without an account may.
    if (request.user && !(await isVerified(app.storage, request.user.id))) return refuse(UNVERIFIED);

    const verdict = await judgeSubmission(request, normaliseFields(request.body), { form: 'contact-owner' });
    if (!verdict.allowed) return blockAnswer(app.shield.settings().blockMessage);
    // The price first: the page pays the puzzle and sends again.
    const asked = verdict.fate === 'step-up' ? refusalAnswer(request, verdict) : null;
    if (asked) return asked;
    const settings = await readSetting(app.storage, accountsSettings, (m) => request.log.warn(m));
    const stepUp = captchaStepUp(request, reply, 'contact-owner', settings.captcha.contactOwner, verdict);
    // The way through the picture that needs no sight: the sender's mailbox confirms instead.
    const byEmail = stepUp && data.confirm_by_email === '1';
    if (stepUp && !byEmail) {
      const check = await checkCaptcha(request, 'contact-owner', { code: data.ccaptcha, answer: data.captcha });
      if (check === 'missing') return refuse(DIRECTORY_TEXTS.email.captcha);
      if (check !== 'ok') return refuse(CAPTCHA_MESSAGES[check]);
    } else if (!stepUp) {
      // Still in doubt with the captcha off: the held answer, never a silent pass.
      const held = refusalAnswer(request, verdict);
      if (held) return held;
    }
    const address = await checkEmail(visitor.email, lookup);
    // "Could not check" never blocks: a resolver outage must not silence every visitor.
    if (address.result === 'NOT_EXISTS' || address.result === 'MX_FAIL') return refuse(address.text);
    const limited = await contactLimitRefusal(request, settings, { itemId: item.id, sender: visitor.email });
    if (limited) return refuse(limited);

    if (byEmail) {
      if (!(await withinLinkShare(request, visitor.email))) return refuse(LINKS_SPENT);
      await holdForConfirmation(request, {
        kind: 'contact-owner',
        to: visitor,
        payload: { itemId: item.id, visitor },
        subject: `Send your message to ${item.title}`,
        explanation: `You wrote to the owner of ${item.title} on ${app.config.siteName} and chose to confirm by e-mail instead of the picture.`,
        actionLabel: 'Send my message',
      });
      return { status: true, message: LINK_TO_SEND(visitor.email) };
    }
    // The message is the only thing this call writes; the outbox keeps it until delivered.
    await enqueueMail(app.storage.db, ownerMail(item, visitor, app.config.siteName));
    const { emailSentText } = await readSetting(app.storage, directorySettings, (m) => request.log.warn(m));
    return { status: true, message: emailSentText };
  });
}
