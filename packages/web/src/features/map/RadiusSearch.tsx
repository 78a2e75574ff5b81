import { DIRECTORY_TEXTS, type DirectorySettings, type RadiusUnit } from '@waymark/protocol';
import { useRef, useState, type FormEvent } from 'react';
import { AddressCombobox, reversePlace, searchPlaces, type Place } from '../../shared/AddressCombobox.js';
import { locate } from './current-location.js';
import { radiusOf } from './radius.js';

/** The settings' units (`RADIUS_UNITS`), spelled here so the page needs no settings schema. */
const UNITS: readonly RadiusUnit[] = ['km', 'miles'];

export interface RadiusSearchProps {
  texts: Pick<DirectorySettings, 'missingLocationText' | 'missingDistanceText'>;
  unit: RadiusUnit;
  /** The "use current location" button while the location box has focus. */
  currentLocation: boolean;
  geocoder: string;
  onSearch(centre: [number, number], radius: { km: number; metres: number }): void;
  onClear(): void;
}

/**
 * The radius search panel: a location with address suggestions, a distance, km or miles, find
 * and clear. A missing location or distance says the configured text.
 */
export function RadiusSearch({
  texts,
  unit: startUnit,
  currentLocation,
  geocoder,
  onSearch,
  onClear,
}: RadiusSearchProps) {
  const [location, setLocation] = useState('');
  const [place, setPlace] = useState<Place | null>(null);
  const [distance, setDistance] = useState('');
  const [unit, setUnit] = useState<RadiusUnit>(startUnit);
  const [message, setMessage] = useState('');
  const [locationFocused, setLocationFocused] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    if (!location.trim()) return setMessage(texts.missingLocationText);
    if (!distance.trim() || !Number.isFinite(Number(distance))) return setMessage(texts.missingDistanceText);
    setMessage('');
    let at = place;
    if (!at) {
      try {
        [at = null] = await searchPlaces(geocoder, location.trim(), 1);
      } catch (error) {
        console.warn('Radius search lookup failed:', error);
      }
      if (!at) return setMessage(DIRECTORY_TEXTS.noAddressResults);
      setPlace(at);
    }
    onSearch([at.lat, at.lon], radiusOf(Number(distance), unit));
  };

  const locateHere = async () => {
    try {
      const [lat, lon] = await locate();
      const found = await reversePlace(geocoder, lat, lon).catch(() => null);
      const address = found?.address ?? `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
      setLocation(address);
      setPlace({ address, lat, lon });
      setMessage('');
    } catch (error) {
      setMessage((error as Error).message);
    }
  };

  return (
    <form className="wm-radius" aria-label="Search by distance" onSubmit={(event) => void find(event)} noValidate>
      <div
        className="wm-radius__location"
        ref={box}
        onFocus={() => setLocationFocused(true)}
        onBlur={(event) => {
          if (!box.current?.contains(event.relatedTarget as Node | null)) setLocationFocused(false);
        }}
      >
        <label htmlFor="wm-radius-location">Location</label>
        <AddressCombobox
          id="wm-radius-location"
          geocoder={geocoder}
          value={location}
          onTextChange={(text) => {
            setLocation(text);
            setPlace(null);
          }}
          onChoose={setPlace}
        />
        {currentLocation && (
          <button
            type="button"
            // Hidden, not removed, so nothing moves under the pointer as the box loses focus.
            className={locationFocused ? 'wm-radius__here' : 'wm-radius__here wm-radius__here--hidden'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void locateHere()}
          >
            Use current location
          </button>
        )}
      </div>
      <div className="wm-radius__distance">
        <label htmlFor="wm-radius-distance">Distance</label>
        <input
          id="wm-radius-distance"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={distance}
          onChange={(event) => setDistance(event.target.value)}
        />
      </div>
      <div className="wm-radius__unit">
        <label htmlFor="wm-radius-unit">Unit</label>
        <select id="wm-radius-unit" value={unit} onChange={(event) => setUnit(event.target.value as RadiusUnit)}>
          {UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </div>
      <div className="wm-radius__actions">
        <button type="submit">Find</button>
        <button
          type="button"
          onClick={() => {
            setMessage('');
            setLocation('');
            setPlace(null);
            setDistance('');
            onClear();
          }}
        >
          Clear
        </button>
      </div>
      <p className="wm-radius__message" role="alert">
        {message}
      </p>
    </form>
  );
}
