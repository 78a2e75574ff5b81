import type { Browser } from 'playwright-core';
import type { StorageState } from './admin.js';
import type { Layout } from './corpus-forms.js';
import type { Screen } from './x-screen.js';

/** What a corpus run shares: the X server, the administrator and the measured form. */
export interface Corpus {
  screen: Screen;
  /** The headless Chromium that measures the form and reads the spam log (never the person's). */
  reader: Browser;
  /** Where the person's window goes: a visitor the shield judges. */
  baseUrl: string;
  /** Where the staff read the spam log: the address the shield trusts. */
  logUrl: string;
  admin: StorageState;
  /** The suggest form's. */
  layout: Layout;
}
