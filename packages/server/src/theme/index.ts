export { themeContext } from './page-context.js';
