/** Uploaded and generated media, served from the configured folder. */
export { mediaRoutes } from './routes.js';
export {
  ImageRefused,
  MAX_UPLOAD_BYTES,
  removeStoredImage,
  storeUploadedImage,
  thumbOf,
  type StoredImage,
} from './images.js';
