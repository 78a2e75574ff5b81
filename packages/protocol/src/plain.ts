/**
 * The zod-free part of the protocol: constants, texts and names. The standalone shield script
 * imports this entry so that no schema library ends up in it.
 */
export * from './constants.js';
export * from './errors.js';
export * from './transport.js';
export * from './shield.js';
export * from './reviews.js';
export * from './texts.js';
export * from './calls/addresses.js';
export * from './calls/all-addresses.js';
export * from './contacts.js';
