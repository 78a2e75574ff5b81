import { DIRECTORY, DIRECTORY_TEXTS, GEOCODER_REVERSE_PATH, GEOCODER_SEARCH_PATH } from '@waymark/protocol';
import { useEffect, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import './address-combobox.css';

/** A chosen address and where it is (directory spec, section 3, "Location input"). */
export interface Place {
  address: string;
  lat: number;
  lon: number;
}

interface NominatimPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
}

const toPlace = (raw: NominatimPlace): Place | null => {
  const lat = Number(raw.lat);
  const lon = Number(raw.lon);
  return typeof raw.display_name === 'string' && Number.isFinite(lat) && Number.isFinite(lon)
    ? { address: raw.display_name, lat, lon }
    : null;
};

/** The site's geocoder search (PROTOCOL.md section 6): up to `limit` places for the text. */
export async function searchPlaces(geocoder: string, q: string, limit: number, signal?: AbortSignal): Promise<Place[]> {
  const query = new URLSearchParams({ format: 'json', limit: String(limit), q });
  const response = await fetch(`${geocoder}${GEOCODER_SEARCH_PATH}?${query}`, { signal });
  if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
  const body = (await response.json()) as unknown;
  return (Array.isArray(body) ? (body as NominatimPlace[]) : [])
    .map(toPlace)
    .filter((p): p is Place => p !== null)
    .slice(0, limit);
}

/** The place at a position: zoom 18 with address details, as the specification asks. */
export async function reversePlace(geocoder: string, lat: number, lon: number): Promise<Place | null> {
  const query = new URLSearchParams({
    format: 'json',
    lat: String(lat),
    lon: String(lon),
    zoom: '18',
    addressdetails: '1',
  });
  const response = await fetch(`${geocoder}${GEOCODER_REVERSE_PATH}?${query}`);
  if (!response.ok) return null;
  return toPlace((await response.json()) as NominatimPlace);
}

export interface AddressComboboxProps {
  id: string;
  /** The text field's form name; with `name`, the chosen place's position goes in `<name>_lat` and `<name>_lon`. */
  name?: string;
  /** The geocoder's base URL; '' for this site. */
  geocoder?: string;
  /** The text as it starts; a controlled box passes `value` instead. */
  defaultValue?: string;
  value?: string;
  onTextChange?(text: string): void;
  /** A suggestion was chosen, or the full address was looked up. */
  onChoose?(place: Place): void;
  /** The full-address input: looks its text up (limit 1) when it gains and loses focus. */
  lookupOnFocusAndBlur?: boolean;
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'defaultValue' | 'onChange'>;
}

/**
 * An address input with suggestions from the site's geocoder, as the WAI-ARIA APG combobox
 * with list autocomplete: suggestions 300 ms after typing stops (from one character, up to
 * 10), arrow keys move through them, Enter or a click chooses, Escape closes; 'Sorry, no
 * results...' fades after 3 s; the list hides 400 ms after the box loses focus; a polite live
 * region says how many results there are.
 */
export function AddressCombobox({
  id,
  name,
  geocoder = '',
  defaultValue = '',
  value,
  onTextChange,
  onChoose,
  lookupOnFocusAndBlur = false,
  inputProps = {},
}: AddressComboboxProps) {
  const [ownText, setOwnText] = useState(defaultValue);
  const text = value ?? ownText;
  const [places, setPlaces] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [noResults, setNoResults] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [chosen, setChosen] = useState<Place | null>(null);
  const timers = useRef<Record<'typing' | 'hide' | 'fade', ReturnType<typeof setTimeout> | undefined>>({
    typing: undefined,
    hide: undefined,
    fade: undefined,
  });
  const pending = useRef<AbortController | null>(null);
  const listId = `${id}-listbox`;

  useEffect(() => {
    const own = timers.current;
    return () => {
      for (const timer of Object.values(own)) clearTimeout(timer);
      pending.current?.abort();
    };
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (place: Place) => {
    setOwnText(place.address);
    onTextChange?.(place.address);
    setChosen(place);
    close();
    onChoose?.(place);
  };

  const suggest = async (q: string) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    let found: Place[];
    try {
      found = await searchPlaces(geocoder, q, DIRECTORY.geocodeSuggestionLimit, controller.signal);
    } catch (error) {
      // A failed geocode is only logged (spec, section 8).
      if (!controller.signal.aborted) console.warn('Address suggestions failed:', error);
      return;
    }
    if (controller.signal.aborted) return;
    setPlaces(found);
    setActive(-1);
    setOpen(found.length > 0);
    setAnnouncement(found.length > 0 ? `${found.length} results are available` : 'No search results.');
    clearTimeout(timers.current.fade);
    setNoResults(found.length === 0);
    if (found.length === 0) timers.current.fade = setTimeout(() => setNoResults(false), DIRECTORY.noResultFadeMs);
  };

  const lookUp = async () => {
    const q = text.trim();
    if (!q || chosen?.address === text) return;
    try {
      const [place] = await searchPlaces(geocoder, q, DIRECTORY.geocodeSingleLimit);
      if (place) {
        setChosen({ ...place, address: text });
        onChoose?.({ ...place, address: text });
      }
    } catch (error) {
      console.warn('Address lookup failed:', error);
    }
  };

  const change = (next: string) => {
    setOwnText(next);
    onTextChange?.(next);
    setChosen(null);
    clearTimeout(timers.current.typing);
    if (next.trim().length < DIRECTORY.autocompleteMinLength) {
      pending.current?.abort();
      close();
      return;
    }
    timers.current.typing = setTimeout(() => void suggest(next.trim()), DIRECTORY.autocompleteDelayMs);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = places.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!open) {
        setOpen(true);
        if (!event.altKey) setActive(down ? 0 : count - 1);
        return;
      }
      setActive((at) => (down ? (at + 1) % count : at <= 0 ? count - 1 : at - 1));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      const place = places[active];
      if (place) choose(place);
    } else if (event.key === 'Escape') {
      if (open) close();
      else change('');
    }
  };

  return (
    <div className="wm-combobox">
      <input
        {...inputProps}
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={keyDown}
        onFocus={(event) => {
          clearTimeout(timers.current.hide);
          inputProps.onFocus?.(event);
          if (lookupOnFocusAndBlur) void lookUp();
        }}
        onBlur={(event) => {
          inputProps.onBlur?.(event);
          timers.current.hide = setTimeout(close, DIRECTORY.suggestionHideMs);
          if (lookupOnFocusAndBlur) void lookUp();
        }}
      />
      <ul id={listId} role="listbox" aria-label="Address suggestions" className="wm-combobox__list" hidden={!open}>
        {places.map((place, index) => (
          <li
            key={`${place.lat},${place.lon},${index}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="wm-combobox__option"
            // Keeps the focus in the box, so the list is not hidden before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(place)}
          >
            {place.address}
          </li>
        ))}
      </ul>
      {noResults && <p className="wm-combobox__none">{DIRECTORY_TEXTS.noAddressResults}</p>}
      <span className="wm-combobox__status visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
      {name && (
        <>
          <input type="hidden" name={`${name}_lat`} value={chosen ? String(chosen.lat) : ''} />
          <input type="hidden" name={`${name}_lon`} value={chosen ? String(chosen.lon) : ''} />
        </>
      )}
    </div>
  );
}
