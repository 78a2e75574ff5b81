export { HomePage as default } from '../../features/directory/HomePage.js';
