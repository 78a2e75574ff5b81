/** The anti-spam page layer: the framework-free core; the React pieces are under `./react`. */
export * from './core/index.js';
