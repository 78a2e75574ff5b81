import type { ViewerApi } from './api.js';
import { Icon } from './icons.js';

/**
 * The previous and next buttons of the site lightbox, the pair both the toolbar and the side
 * arrows show: disabled where there is nothing to move to, named by the l10n texts, styled
 * `<base> <base>--prev` and `<base> <base>--next`.
 */
export function NavButtons({ api, base }: { api: ViewerApi; base: string }) {
  const { canPrev, canNext, go, index, settings } = api;
  return (
    <>
      <button
        type="button"
        className={`${base} ${base}--prev`}
        disabled={!canPrev}
        onClick={() => go(index - 1)}
        aria-label={settings.l10n.previous}
      >
        <Icon name="prev" />
      </button>
      <button
        type="button"
        className={`${base} ${base}--next`}
        disabled={!canNext}
        onClick={() => go(index + 1)}
        aria-label={settings.l10n.next}
      >
        <Icon name="next" />
      </button>
    </>
  );
}
