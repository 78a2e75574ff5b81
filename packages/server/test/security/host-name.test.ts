import { describe, expect, it } from 'vitest';
import { hostName } from '../../src/plugins/site-origin.js';

/** The host name is kept for the last host asked about (issue 17): each host still gets its own. */
describe('hostName', () => {
  it('answers each host for itself, in any order and again', () => {
    const asked: Array<[string | undefined, string | null]> = [
      ['Dir.Example:8080', 'dir.example'],
      ['dir.example:8080', 'dir.example'],
      ['evil.example', 'evil.example'],
      ['evil.example', 'evil.example'],
      [undefined, null],
      ['user@evil.example', null],
      ['dir.example', 'dir.example'],
      ['', null],
      ['[::1]:3000', '[::1]'],
      ['dir.example', 'dir.example'],
    ];
    for (const [host, name] of asked) expect(hostName(host), String(host)).toBe(name);
  });
});
