import type { CorpusForm } from './corpus-forms.js';
import { pickWith, type Hand } from './hand.js';

/** What a farm types: texts made from templates, the words spun per session. */

/** A farm's listing: a template with the words spun per session. */
export function farmListing(random: Hand): readonly [string, string] {
  const pick = pickWith(random);
  const trade = pick(['Plumbing', 'Locksmith', 'Movers', 'Roofing', 'Dental', 'Car Repair']);
  const name = `${pick(['Best', 'Top', 'Quality', 'Fast'])} ${trade} ${pick(['Pros', 'Experts', 'Service', 'Co'])}`;
  const address = `${Math.floor(random(2, 400))} ${pick(['Main', 'Oak', 'High', 'Market'])} ${pick(['Street', 'Road', 'Avenue'])}`;
  return [name, address];
}

/** A review farm's review: praise from a template, the words spun per session. */
export function farmReview(random: Hand): readonly [string, string] {
  const pick = pickWith(random);
  const author = `${pick(['Mike', 'Sarah', 'John', 'Emma', 'David', 'Laura'])} ${pick(['R.', 'T.', 'K.', 'M.'])}`;
  const body = [
    pick(['Amazing', 'Great', 'Excellent', 'Wonderful']),
    pick(['service', 'experience', 'place', 'team']),
    pick(['and very friendly staff.', 'and fair prices.', 'and quick work.']),
    pick(['Highly recommend', 'Will come back', 'Five stars']),
    pick(['to everyone!', 'for sure!', 'without doubt!']),
  ].join(' ');
  return [author, body];
}

/**
 * A credential-stuffing farm's try: an address and password from a leaked list (here made up per
 * session), at an address the site may or may not know.
 */
export function stuffedCredential(random: Hand): readonly [string, string] {
  const pick = pickWith(random);
  const user = `${pick(['john', 'mary', 'alex', 'kim', 'sam', 'lee'])}${pick(['.smith', '.jones', '', '.lee'])}${Math.floor(random(1, 999))}`;
  const password = `${pick(['Summer', 'Welcome', 'Password', 'Dragon', 'Monkey'])}${Math.floor(random(1, 2_030))}`;
  return [`${user}@${pick(['mail.example', 'post.example', 'inbox.example'])}`, password];
}

/** A fake-account farm's sign-up: a made-up name, a throwaway address, a password long enough. */
export function fakeAccount(random: Hand): readonly [string, string, string] {
  const pick = pickWith(random);
  const first = pick(['Anna', 'Brian', 'Chloe', 'Daniel', 'Ella', 'Frank']);
  const last = pick(['Miller', 'Baker', 'Wilson', 'Moore', 'Taylor']);
  const tag = Math.floor(random(10_000, 99_999));
  return [`${first} ${last}`, `${first.toLowerCase()}${tag}@temp.example`, `Qx${tag}farm${Math.floor(random(10, 99))}`];
}

/**
 * A contact-form farm's pitch to an owner, as such farms send them: a made-up sender, a subject
 * and a short sales message.
 */
export function farmPitch(random: Hand): readonly [string, string, string, string] {
  const pick = pickWith(random);
  const first = pick(['Jason', 'Priya', 'Mark', 'Olivia', 'Kevin', 'Nina']);
  const subject = pick(['Your website', 'More customers', 'Your Google ranking']);
  const message = [
    pick(['Hi,', 'Hello,']),
    pick(['you are not on page one of Google.', 'you lose customers online.']),
    pick(['We fix that fast.', 'Reply for a free audit.']),
  ].join(' ');
  const sender = `${first.toLowerCase()}@${pick(['rank-boost.example', 'growth-lab.example', 'webfix.example'])}`;
  return [`${first} ${pick(['Cole', 'Shah', 'Reed', 'Park'])}`, sender, subject, message];
}

/** What a farm types into `form`'s fields, in their order. */
export function farmTexts(form: CorpusForm, random: Hand): readonly string[] {
  if (form.form === 'review') return farmReview(random);
  if (form.form === 'sign-in') return stuffedCredential(random);
  if (form.form === 'registration') return fakeAccount(random);
  if (form.form === 'contact-owner') return farmPitch(random);
  if (form.form === 'add-business') {
    const [name] = farmListing(random);
    return [name, `${name.toLowerCase().replaceAll(' ', '')}@leads.example`];
  }
  return farmListing(random);
}
