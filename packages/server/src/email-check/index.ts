/** The e-mail checks: format, throwaway domains and DNS, behind two rate-limited calls. */
export { registerEmailCheckCalls } from './calls.js';
