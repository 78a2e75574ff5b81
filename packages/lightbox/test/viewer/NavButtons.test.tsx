// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ViewerApi } from '../../src/viewer/api.js';
import { NavButtons } from '../../src/viewer/NavButtons.js';
import { apiFor, click, mount, settingsWith, type Mounted } from '../support/viewer.js';

let view: Mounted | undefined;
const Toolbar = ({ api }: { api: ViewerApi }) => <NavButtons api={api} base="wm-lb__btn" />;
const buttons = () => [...(view?.container.querySelectorAll('button') ?? [])];

describe('the previous and next buttons', () => {
  it('are disabled where there is nothing to move to (no looping: first and last item)', () => {
    view = mount(Toolbar, apiFor(3, { index: 2 }));
    expect(buttons().map((b) => b.disabled)).toEqual([false, true]);
    view.update(apiFor(3, { index: 0 }));
    expect(buttons().map((b) => b.disabled)).toEqual([true, false]);
  });

  it('move one item back or forward', () => {
    const api = apiFor(5, { index: 2 });
    view = mount(Toolbar, api);
    buttons().forEach((button) => click(button));
    expect(api.go).toHaveBeenNthCalledWith(1, 1);
    expect(api.go).toHaveBeenNthCalledWith(2, 3);
  });

  it('carry the configured names and the classes of their place', () => {
    const l10n = { ...settingsWith().l10n, previous: 'Zurück', next: 'Weiter' };
    view = mount(Toolbar, apiFor(3, { index: 1, settings: settingsWith({ l10n }) }));
    expect(buttons().map((b) => [b.className, b.getAttribute('aria-label')])).toEqual([
      ['wm-lb__btn wm-lb__btn--prev', 'Zurück'],
      ['wm-lb__btn wm-lb__btn--next', 'Weiter'],
    ]);
  });
});
