export { AddBusinessPage as default } from '../../features/directory/AddBusinessPage.js';
