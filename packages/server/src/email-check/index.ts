/** The e-mail checks: format, throwaway domains and DNS, behind two rate-limited calls. */
export { registerEmailCheckCalls } from './calls.js';
export { checkEmail, type EmailCheck, type EmailCheckResult } from './check-email.js';
export { createMxLookup } from './mx.js';
