import { describe, expect, it } from 'vitest';
import { wireHoneypotToggles } from '../../src/core/honeypot-toggle.js';

describe('honeypot test block on server-rendered pages', () => {
  it('removes both honeypot fields and puts them back', () => {
    document.body.innerHTML = `<form>
      <div data-shield-decoy><label for="alt_s">Leave this field empty</label><input id="alt_s" name="alt_s"></div>
      <input name="wm_form_key" value="stamp" hidden>
      <button type="button" data-shield-honeypot-toggle="wm_form_key">Act as Spam Bot</button>
    </form>`;
    wireHoneypotToggles();
    const form = document.forms[0] as HTMLFormElement;
    const button = form.querySelector('button') as HTMLButtonElement;
    const names = () => Array.from(new FormData(form).keys());
    expect(names()).toEqual(['alt_s', 'wm_form_key']);
    button.click();
    expect(names()).toEqual([]);
    expect(button.textContent).toBe('Acting as Spam Bot');
    button.click();
    expect(names()).toEqual(['alt_s', 'wm_form_key']);
    expect(button.textContent).toBe('Act as Spam Bot');
  });
});
