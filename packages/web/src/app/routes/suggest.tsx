export { SuggestPage as default } from '../../features/suggest/index.js';
