import type { ViewerApi } from '../api.js';

/** The fullscreen button; the core owns the state, as it locks keys, wheel and swipe. */
export function Fullscreen({ api }: { api: ViewerApi }) {
  const { l10n } = api.settings;
  const label = api.fullscreen ? l10n.exitFullscreen : l10n.enterFullscreen;
  return (
    <button
      type="button"
      className="wm-lb__btn wm-lb__btn--full"
      data-state={api.fullscreen ? 'on' : 'off'}
      title={label}
      aria-label={label}
      onClick={api.toggleFullscreen}
    />
  );
}
