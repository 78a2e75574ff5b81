import { useSyncExternalStore } from 'react';
import { deviceKind, type DeviceKind } from './device.js';

const subscribe = (changed: () => void) => {
  window.addEventListener('resize', changed);
  return () => window.removeEventListener('resize', changed);
};

/** The device kind of the window, kept current as it resizes; 'desktop' on the server. */
export function useDeviceKind(): DeviceKind {
  return useSyncExternalStore(
    subscribe,
    () => deviceKind(window.innerWidth, window.innerHeight),
    () => 'desktop',
  );
}
