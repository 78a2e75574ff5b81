import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SearchAnswers } from '../../src/geo/answers.js';
import type { Gazetteer } from '../../src/geo/gazetteer.js';

/** Only the identity of a gazetteer matters to the kept search answers. */
const gazetteer = () => ({}) as Gazetteer;

describe('the kept search answers', () => {
  it('works a query out once, whatever its case, accents and spacing', () => {
    const answers = new SearchAnswers();
    const one = gazetteer();
    let worked = 0;
    const answer = () => [{ place: (worked += 1) }];
    expect(answers.get(one, 'Zürich', 10, false, answer).body.toString()).toBe('[{"place":1}]');
    expect(answers.get(one, '  ZURICH ', 10, false, answer).body.toString()).toBe('[{"place":1}]');
    expect(worked).toBe(1);
  });

  it('keeps queries apart by their comma, their limit and their address details', () => {
    const answers = new SearchAnswers();
    const one = gazetteer();
    let worked = 0;
    const answer = () => (worked += 1);
    answers.get(one, 'paris, texas', 10, false, answer);
    answers.get(one, 'paris texas', 10, false, answer);
    answers.get(one, 'paris, texas', 5, false, answer);
    answers.get(one, 'paris, texas', 10, true, answer);
    expect(worked).toBe(4);
  });

  it('finds a query seen before exactly as typed, and only that', () => {
    const answers = new SearchAnswers();
    const one = gazetteer();
    expect(answers.peek(one, 'Zürich', 10, false)).toBeUndefined();
    const kept = answers.get(one, 'Zürich', 10, false, () => ['Zürich']);
    expect(answers.peek(one, 'Zürich', 10, false)).toBe(kept);
    expect(answers.peek(one, 'zurich', 10, false)).toBeUndefined();
    expect(answers.peek(one, 'Zürich', 5, false)).toBeUndefined();
    expect(answers.peek(gazetteer(), 'Zürich', 10, false)).toBeUndefined();
  });

  it('carries the weak ETag of its UTF-8 body', () => {
    const kept = new SearchAnswers().get(gazetteer(), 'köln', 10, false, () => ['Köln']);
    const sha1 = createHash('sha1').update('["Köln"]', 'utf8').digest('base64');
    expect(kept.etag).toBe(`W/"${sha1}"`);
  });

  it('starts afresh for a rebuilt gazetteer', () => {
    const answers = new SearchAnswers();
    expect(answers.get(gazetteer(), 'quayside', 10, false, () => []).body.toString()).toBe('[]');
    expect(answers.get(gazetteer(), 'quayside', 10, false, () => ['2 Quayside']).body.toString()).toBe(
      '["2 Quayside"]',
    );
  });
});
