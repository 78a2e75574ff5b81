import { DIRECTORY_TEXTS } from '@waymark/protocol';
import { MAP_STORAGE_KEYS } from './storage-keys.js';

/** The visitor's position the first visit stored, or null. */
export function storedPosition(): [number, number] | null {
  try {
    const lat = Number(localStorage.getItem(MAP_STORAGE_KEYS.latitude) ?? NaN);
    const lon = Number(localStorage.getItem(MAP_STORAGE_KEYS.longitude) ?? NaN);
    return Number.isFinite(lat) && Number.isFinite(lon) ? [lat, lon] : null;
  } catch {
    return null;
  }
}

/** Asks the browser where the visitor is; answers the spec's message when it cannot know. */
export function locate(): Promise<[number, number]> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(DIRECTORY_TEXTS.geolocationUnsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve([position.coords.latitude, position.coords.longitude]),
      (error) => reject(new Error(error.message || DIRECTORY_TEXTS.geolocationUnsupported)),
    );
  });
}

/**
 * The first visit with the current-location setting on: asks for the position once, stores it
 * with its flag and reloads, so the page starts from there. A refusal is remembered by the
 * flag too, so the visitor is asked only once.
 */
export async function applyCurrentLocationOnce(onError: (message: string) => void): Promise<void> {
  try {
    if (localStorage.getItem(MAP_STORAGE_KEYS.positionApplied)) return;
  } catch {
    return;
  }
  try {
    const [lat, lon] = await locate();
    localStorage.setItem(MAP_STORAGE_KEYS.latitude, String(lat));
    localStorage.setItem(MAP_STORAGE_KEYS.longitude, String(lon));
    localStorage.setItem(MAP_STORAGE_KEYS.positionApplied, '1');
    location.reload();
  } catch (error) {
    localStorage.setItem(MAP_STORAGE_KEYS.positionApplied, '1');
    onError((error as Error).message);
  }
}
