// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { Fullscreen } from '../../../src/viewer/plugins/fullscreen.js';
import { apiFor, click, mount, settingsWith, type Mounted } from '../../support/viewer.js';

let view: Mounted | undefined;
const button = () => view?.container.querySelector<HTMLButtonElement>('.wm-lb__btn--full') ?? null;

describe('the fullscreen button', () => {
  it('offers to enter fullscreen, and the core toggles it on a click', () => {
    const api = apiFor(1);
    view = mount(Fullscreen, api);
    expect(button()?.getAttribute('aria-label')).toBe('Enter Fullscreen (Shift+Enter)');
    expect(button()?.dataset.state).toBe('off');
    click(button());
    expect(api.toggleFullscreen).toHaveBeenCalledTimes(1);
  });

  it('offers to exit once fullscreen, in the configured words', () => {
    const settings = settingsWith({ l10n: { ...settingsWith().l10n, exitFullscreen: 'Leave full screen' } });
    view = mount(Fullscreen, apiFor(1, { fullscreen: true, settings }));
    expect(button()?.getAttribute('aria-label')).toBe('Leave full screen');
    expect(button()?.title).toBe('Leave full screen');
    expect(button()?.dataset.state).toBe('on');
  });
});
