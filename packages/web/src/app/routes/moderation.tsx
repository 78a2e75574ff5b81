export { ModerationPage as default } from '../../features/reviews/ModerationPage.js';
