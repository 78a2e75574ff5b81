export { AddBusinessPage as default } from '../../features/directory/index.js';
