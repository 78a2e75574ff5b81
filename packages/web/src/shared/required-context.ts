import { createContext, useContext } from 'react';

/**
 * A context without a default: its provider, and the hook that reads it and throws when no
 * provider is above the component that asks.
 */
export function createRequiredContext<T>(hook: string, provider: string) {
  const Context = createContext<T | null>(null);
  function useRequired(): T {
    const value = useContext(Context);
    if (!value) throw new Error(`${hook} needs a ${provider}`);
    return value;
  }
  return [Context.Provider, useRequired] as const;
}
