import { CALLS } from '@waymark/protocol/plain';
import { useShield } from '@waymark/shield/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { LiveSearchPageSettings } from '@waymark/protocol';
import { TYPE_LABELS } from './labels.js';
import { readAnswer, type Suggestion } from './read-answer.js';
import './site-search.css';

/** Theme constants (spec, section 9): the search waits this long after the last keystroke… */
export const DEBOUNCE_MS = 500;
/** …and the dropdown shows and hides in this long. */
export const TRANSITION_MS = 300;

type Popup = 'closed' | 'open' | 'closing';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The header's live search (spec, "Theme": search dropdown; PROTOCOL.md section 6), as the
 * WAI-ARIA Authoring Practices' combobox with a listbox popup: the text box keeps focus, arrows
 * move the active option (`aria-activedescendant`), Enter opens it, Escape closes the popup and
 * then clears the box. It asks the server 500 ms after the last keystroke once the text is
 * `minChars` long, keeps answers per text and post types, hides on blur and when the pointer
 * leaves, and tells a polite live region how many suggestions there are (or the no-results
 * text). Without a script the form goes to the search page.
 */
export function SiteSearch({ settings }: { settings: LiveSearchPageSettings }) {
  const { request } = useShield();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [results, setResults] = useState<Suggestion[] | null>(null);
  const [popup, setPopup] = useState<Popup>('closed');
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const cache = useRef(new Map<string, Suggestion[]>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef('');

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(hideTimer.current);
    },
    [],
  );

  const show = (found: Suggestion[]) => {
    clearTimeout(hideTimer.current);
    setResults(found);
    setActive(-1);
    setPopup('open');
    setStatus(
      found.length === 0
        ? settings.noResults
        : `${found.length} result${found.length === 1 ? ' is' : 's are'} available. Use the up and down arrows to choose.`,
    );
  };

  const hide = () => {
    setActive(-1);
    setPopup((was) => (was === 'closed' ? was : 'closing'));
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setPopup('closed'), reducedMotion() ? 0 : TRANSITION_MS);
  };

  const search = async (value: string) => {
    const key = `${settings.postTypes.join(',')}\n${value}`;
    asked.current = key;
    let found = cache.current.get(key);
    if (!found) {
      const fields = new FormData();
      fields.append('search', value);
      fields.append('per_page', String(settings.perPage));
      fields.append('show_feat_img', settings.showImages ? '1' : '0');
      fields.append('display_post_type', settings.showTypes ? '1' : '0');
      for (const type of settings.postTypes) fields.append('post_type[]', type);
      fields.append('search_limit_to_post_titles', settings.titlesOnly ? '1' : '0');
      try {
        found = readAnswer(await request(CALLS.liveSearch, fields));
      } catch {
        // The theme shows nothing for a failed search (spec, section 8); the next keystroke retries.
        return;
      }
      cache.current.set(key, found);
    }
    // Only the answer to the latest text is shown.
    if (asked.current === key) show(found);
  };

  const onInput = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    const trimmed = value.trim();
    if ([...trimmed].length < settings.minChars) {
      asked.current = '';
      setResults(null);
      setStatus('');
      hide();
      return;
    }
    timer.current = setTimeout(() => void search(trimmed), DEBOUNCE_MS);
  };

  const open = popup !== 'closed' && results !== null;
  const options = results ?? [];

  const go = (suggestion: Suggestion) => window.location.assign(suggestion.url);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (results === null) return;
        event.preventDefault();
        if (popup !== 'open') show(results);
        if (event.altKey || count === 0) return;
        const down = event.key === 'ArrowDown';
        setActive((was) => (was < 0 ? (down ? 0 : count - 1) : (was + (down ? 1 : -1) + count) % count));
        return;
      }
      case 'Enter': {
        const chosen = popup === 'open' ? options[active] : undefined;
        if (!chosen) return; // the form goes to the search page
        event.preventDefault();
        go(chosen);
        return;
      }
      case 'Escape':
        // Ours alone: the header's menu, around the box on a phone, stays open.
        event.preventDefault();
        event.stopPropagation();
        if (open) hide();
        else onInput('');
        return;
    }
  };

  return (
    <form className="site-search" role="search" aria-label="Site" method="get" action="/search">
      <label className="site-search__label visually-hidden" htmlFor={`${id}-input`}>
        Search the site
      </label>
      <div className="site-search__box" onMouseLeave={() => open && hide()}>
        <input
          id={`${id}-input`}
          type="search"
          name="q"
          role="combobox"
          autoComplete="off"
          maxLength={200}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
          value={text}
          onChange={(event) => onInput(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => results !== null && [...text.trim()].length >= settings.minChars && show(results)}
          onBlur={hide}
        />
        <button type="submit" className="site-search__submit">
          Search
        </button>
        <div className="site-search__popup" data-state={popup} hidden={!open}>
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            className="site-search__list"
            hidden={options.length === 0}
            // The text box keeps focus while an option is clicked.
            onMouseDown={(event) => event.preventDefault()}
          >
            {options.map((suggestion, index) => (
              <li
                key={`${suggestion.type}:${suggestion.id}`}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                className="site-search__option"
                onClick={() => go(suggestion)}
                onMouseMove={() => setActive(index)}
              >
                {suggestion.image && <img src={suggestion.image} alt="" width={40} height={40} loading="lazy" />}
                <span className="site-search__title">{suggestion.title}</span>
                {suggestion.type && (
                  <span className="site-search__type">{TYPE_LABELS[suggestion.type] ?? suggestion.type}</span>
                )}
              </li>
            ))}
          </ul>
          {options.length === 0 && <p className="site-search__none">{settings.noResults}</p>}
        </div>
      </div>
      {/* A polite live region, but not a `status`: the page's own status messages keep that role. */}
      <div className="site-search__status visually-hidden" aria-live="polite">
        {status}
      </div>
    </form>
  );
}
