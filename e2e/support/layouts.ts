import type { Browser } from 'playwright-core';
import { freePort } from '../../tools/start-server.js';
import { expectAccessible, openPage, waitForHydration } from './browser.js';
import type { Corpus } from './corpus.js';
import { HEIGHT, SUGGEST_FORM, WIDTH, type CorpusForm, type Layout, type Point } from './corpus-forms.js';
import { devtools } from './devtools.js';
import { sleep } from './hand.js';
import { openWindow } from './windows.js';
import type { Screen } from './x-screen.js';

/** Where a form's parts lie in the corpus's window: measured, never assumed. */

/**
 * Measures `form` (the suggest form unless told): how many Tabs reach its first field, in a page
 * of the window's size (in a test, `accessible`, checked with axe-core too, as every page a test
 * visits is), and where its parts are in the corpus's own window.
 */
export async function measureLayout(
  browser: Browser,
  screen: Screen,
  baseUrl: string,
  accessible = true,
  form: CorpusForm = SUGGEST_FORM,
): Promise<Layout> {
  const tracked = await openPage(browser, { viewport: { width: WIDTH, height: HEIGHT } });
  const { page } = tracked;
  await page.goto(`${baseUrl}${form.page.path}`);
  await waitForHydration(page);
  if (form.opener) await page.locator(form.opener).first().click();
  if (accessible) await expectAccessible(page);
  let tabs = 0;
  for (; tabs < 60; tabs += 1) {
    if (await page.locator(form.fields[0]).evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await tracked.close();
  return { ...(await windowCentres(screen, baseUrl, form)), tabs };
}

/**
 * Where the form's parts are in the corpus's own Chromium window, as whoever drives that window
 * reads them off its screen: its classic scrollbar moves the form by pixels against a headless
 * page. Read once, over the DevTools protocol, in a window no session uses.
 */
async function windowCentres(
  screen: Screen,
  baseUrl: string,
  form: CorpusForm,
): Promise<Pick<Layout, 'fields' | 'submit' | 'opener' | 'choice'>> {
  const port = await freePort();
  const window = await openWindow(screen, 'chromium', `${baseUrl}${form.page.path}`, form.page.title, [
    `--remote-debugging-port=${port}`,
  ]);
  try {
    const cdp = await devtools(port);
    try {
      // Where the form waits behind a button, the page presses it until its form shows: a press
      // before hydration does nothing.
      const opening = form.opener
        ? `if (!document.querySelector(${JSON.stringify(form.fields[0])})) {
            document.querySelector(${JSON.stringify(form.opener)})?.click();
            return null;
          }`
        : '';
      const centresOf = (selectors: readonly string[], open = false) => `(() => {
        ${open ? opening : ''}
        const centres = ${JSON.stringify(selectors)}.map((selector) => {
          const box = document.querySelector(selector)?.getBoundingClientRect();
          return box && [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
        });
        return document.readyState === 'complete' && centres.every(Boolean) ? centres : null;
      })()`;
      const read = async (selectors: readonly string[], open = false): Promise<Point[] | null> => {
        for (let tries = 0; tries < 100; tries += 1) {
          // Asked again if the page is between documents (no execution context yet): it is loading.
          const answer = (await cdp
            .send('Runtime.evaluate', { expression: centresOf(selectors, open), returnByValue: true })
            .catch(() => ({}))) as { result?: { result?: { value?: Point[] | null } } };
          const value = answer.result?.result?.value;
          if (value) return value;
          await sleep(200);
        }
        return null;
      };
      const [opener] = form.opener ? ((await read([form.opener])) ?? []) : [];
      const [choice] = form.choice ? ((await read([form.choice.field])) ?? []) : [];
      const [first, second, ...rest] = (await read([...form.fields, form.submit], true)) ?? [];
      const submit = rest.pop();
      if (first && second && submit && (opener || !form.opener)) {
        return { fields: [first, second, ...rest], submit, ...(opener && { opener }), ...(choice && { choice }) };
      }
      throw new Error(`The ${form.form} form did not show in the corpus window`);
    } finally {
      cdp.close();
    }
  } finally {
    await window.close();
  }
}

const layouts = new WeakMap<Corpus, Map<string, Promise<Layout>>>();

/** `form`'s layout in the corpus's window, measured when first asked for. */
export function layoutOf(corpus: Corpus, form: CorpusForm): Promise<Layout> {
  if (form === SUGGEST_FORM) return Promise.resolve(corpus.layout);
  const known = layouts.get(corpus) ?? new Map<string, Promise<Layout>>();
  layouts.set(corpus, known);
  const key = `${form.form} ${form.page.path}`;
  const layout = known.get(key) ?? measureLayout(corpus.reader, corpus.screen, corpus.baseUrl, false, form);
  known.set(key, layout);
  return layout;
}
