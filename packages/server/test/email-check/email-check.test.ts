import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEmail } from '../../src/email-check/check-email.js';
import { isDisposableDomain } from '../../src/email-check/disposable.js';
import { createMxLookup } from '../../src/email-check/mx.js';
import { suggestCorrection } from '../../src/email-check/typos.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';

describe('e-mail checks against a DNS server on loopback', () => {
  let dns: TestDnsServer;
  let now = 0;
  let lookup: ReturnType<typeof createMxLookup>;

  beforeAll(async () => {
    dns = await startDnsServer({
      'mail.example': { mx: ['mx1.mail.example'] },
      'a-only.example': { a: ['192.0.2.10'] },
      'nomail.example': {},
      'broken.example': { fail: true },
      'slow.example': { silent: true },
      'gmail.com': { mx: ['gmail-smtp-in.l.google.com'] },
      'gmial.com': { a: ['192.0.2.20'] },
    });
    lookup = createMxLookup({ servers: [dns.address], timeoutMs: 300, cacheTtlMs: 60_000, now: () => now });
  });
  afterAll(async () => dns.close());

  it('accepts a domain with an MX record', async () => {
    expect(await lookup('mail.example')).toBe('accepts-mail');
  });

  it('falls back to the A record when there is no MX', async () => {
    expect(await lookup('a-only.example')).toBe('accepts-mail');
    expect(dns.queries).toContain('a-only.example/1');
  });

  it('says a domain with neither, or no domain at all, takes no mail', async () => {
    expect(await lookup('nomail.example')).toBe('no-mail');
    expect(await lookup('does-not-exist.example')).toBe('no-mail');
  });

  it('calls a failing or silent resolver unknown, never bad', async () => {
    expect(await lookup('broken.example')).toBe('unknown');
    expect(await lookup('slow.example')).toBe('unknown');
  });

  it('asks DNS once per domain while the cache holds', async () => {
    const before = dns.queries.filter((q) => q.startsWith('mail.example/')).length;
    await lookup('MAIL.example');
    expect(dns.queries.filter((q) => q.startsWith('mail.example/')).length).toBe(before);
    now += 60_001;
    await lookup('mail.example');
    expect(dns.queries.filter((q) => q.startsWith('mail.example/')).length).toBe(before + 1);
  });

  it('judges whole addresses', async () => {
    expect((await checkEmail('someone@mail.example', lookup)).result).toBe('EXISTS');
    expect((await checkEmail('someone@nomail.example', lookup)).result).toBe('MX_FAIL');
    expect((await checkEmail('someone@broken.example', lookup)).result).toBe('MX_ERROR');
    expect(await checkEmail('not an address', lookup)).toEqual({
      result: 'NOT_EXISTS',
      text: 'This is not an e-mail address.',
    });
    const throwaway = await checkEmail('x@mailinator.com', lookup);
    expect(throwaway.result).toBe('NOT_EXISTS');
    expect(throwaway.text).toContain('disposable');
  });

  it('offers a correction for a common typo', async () => {
    const check = await checkEmail('jane@gmial.com', lookup);
    expect(check.suggestion).toBe('jane@gmail.com');
    expect(check.text).toContain('Did you mean jane@gmail.com?');
  });
});

describe('e-mail checks on a resolver that cannot reach the internet', () => {
  let offline: TestDnsServer;
  let online: TestDnsServer;
  let now = 0;

  beforeAll(async () => {
    // An offline or firewalled install's resolver: every name is NXDOMAIN, gmail.com too.
    offline = await startDnsServer({});
    online = await startDnsServer({ 'canary.example': { mx: ['mx.canary.example'] }, 'nomail.example': {} });
  });
  afterAll(async () => {
    await offline.close();
    await online.close();
  });

  const through = (dns: TestDnsServer, canary = 'canary.example') =>
    createMxLookup({ servers: [dns.address], timeoutMs: 300, cacheTtlMs: 60_000, canary, now: () => now });
  const canaryQuestions = (dns: TestDnsServer) => dns.queries.filter((q) => q.startsWith('canary.example/')).length;

  it('calls "no such domain" a failure to check when the canary is not found either', async () => {
    const lookup = through(offline);
    expect(await lookup('gmail.com')).toBe('unknown');
    const check = await checkEmail('jane@gmail.com', lookup);
    expect(check.result).toBe('MX_ERROR');
    expect(check.text).toBe('The address could not be checked right now.');
  });

  it('lets a "no such domain" verdict stand when the resolver finds the canary', async () => {
    const lookup = through(online);
    expect(await lookup('does-not-exist.example')).toBe('no-mail');
    expect(await lookup('nomail.example')).toBe('no-mail');
    expect((await checkEmail('jane@does-not-exist.example', lookup)).result).toBe('MX_FAIL');
  });

  it('asks for the canary only after a "no mail" answer, once while its answer is kept', async () => {
    const lookup = through(online);
    const before = canaryQuestions(online);
    expect(await lookup('canary.example')).toBe('accepts-mail');
    expect(canaryQuestions(online)).toBe(before + 1);
    await Promise.all(['a.example', 'b.example', 'c.example'].map(lookup));
    // The canary's own MX question above, then one for the three lookups together.
    expect(canaryQuestions(online)).toBe(before + 2);
    now += 5 * 60_000;
    expect(await lookup('d.example')).toBe('no-mail');
    expect(canaryQuestions(online)).toBe(before + 3);
  });

  it('takes a canary name from the configuration', async () => {
    const lookup = through(offline, 'elsewhere.example');
    expect(await lookup('nowhere.example')).toBe('unknown');
    expect(offline.queries).toContain('elsewhere.example/15');
  });
});

describe('e-mail check parts', () => {
  it('know throwaway domains and their sub-domains', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('eu.mailinator.com')).toBe(true);
    expect(isDisposableDomain('example.org')).toBe(false);
  });

  it('suggest nothing for a correct address', () => {
    expect(suggestCorrection('jane@gmail.com')).toBeUndefined();
    expect(suggestCorrection('jane@hotmial.com')).toBe('jane@hotmail.com');
    expect(suggestCorrection('jane@gmail.con')).toBe('jane@gmail.com');
    // A whole other domain is no slip of the fingers.
    expect(suggestCorrection('bob@a-only.test')).toBeUndefined();
    expect(suggestCorrection('cy@no-mail.test')).toBeUndefined();
  });
});
