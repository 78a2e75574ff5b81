export { SuggestPage as default } from '../../features/suggest/SuggestPage.js';
