import { freePort } from '../../tools/start-server.js';
import type { Point } from './corpus-forms.js';
import type { Corpus } from './corpus.js';
import { devtools } from './devtools.js';
import { sleep, type Hand } from './hand.js';
import { humanLike, isCapital, stopsOf, until, type Target } from './human-like.js';
import { openWindow } from './windows.js';

/** The DOM key, key code, Windows virtual key code and text Chromium wants for a character. */
function keyCodes(char: string): { key: string; code: string; keyCode: number; text: string } {
  if (char === '\n') return { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' };
  const key = { key: char, text: char };
  if (char === ' ') return { ...key, code: 'Space', keyCode: 32 };
  if (/[a-z]/i.test(char))
    return { ...key, code: `Key${char.toUpperCase()}`, keyCode: char.toUpperCase().charCodeAt(0) };
  if (/\d/.test(char)) return { ...key, code: `Digit${char}`, keyCode: char.charCodeAt(0) };
  return { ...key, code: '', keyCode: 0 };
}

/**
 * A headful Chromium on the X server with automation flags off, driven only by `Page.navigate`
 * and `Input.dispatch*` over its debugging port, with the same human-like input.
 */
export async function rawCdpSession(
  corpus: Corpus,
  target: Target,
  random: Hand,
  settled: () => Promise<boolean>,
): Promise<void> {
  const port = await freePort();
  const url = `${corpus.baseUrl}${target.form.page.path}`;
  const window = await openWindow(corpus.screen, 'chromium', url, target.form.page.title, [
    `--remote-debugging-port=${port}`,
    '--disable-blink-features=AutomationControlled',
  ]);
  try {
    const cdp = await devtools(port);
    try {
      await cdp.send('Page.navigate', { url });
      await sleep(4_000);
      const mouse = (type: string, [x, y]: Point, buttons: number) =>
        cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons, clickCount: 1 });
      let at: Point = [0, 0];
      await humanLike(
        {
          async move(to, pause) {
            at = to;
            await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: to[0], y: to[1], buttons: 0 });
            await sleep(pause);
          },
          async press(hold) {
            await mouse('mousePressed', at, 1);
            await sleep(hold);
            await mouse('mouseReleased', at, 0);
          },
          async key(char, hold) {
            const { key: name, code, keyCode, text } = keyCodes(char);
            const shift = isCapital(char);
            const modifiers = shift ? 8 : 0;
            const key = (type: string, extra: object) =>
              cdp.send('Input.dispatchKeyEvent', { type, modifiers, ...extra });
            const shiftKey = { key: 'Shift', code: 'ShiftLeft', windowsVirtualKeyCode: 16 };
            if (shift) await key('rawKeyDown', shiftKey);
            await key('keyDown', { key: name, code, text, windowsVirtualKeyCode: keyCode });
            await sleep(hold);
            await key('keyUp', { key: name, code, windowsVirtualKeyCode: keyCode });
            if (shift) await key('keyUp', shiftKey);
          },
        },
        stopsOf(target),
        random,
        { aim: target.aim },
      );
      await until(settled);
    } finally {
      cdp.close();
    }
  } finally {
    await window.close();
  }
}
