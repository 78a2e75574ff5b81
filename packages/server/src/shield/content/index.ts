/** The spam shield's content judge: what a post says, judged locally, and the lessons it learns. */
export {
  JUDGED_FORMS,
  judgeContent,
  rememberSenders,
  type ContentContext,
  type ContentVerdict,
  type WrittenText,
} from './judge-content.js';
export { teach, type Lesson } from './model.js';
