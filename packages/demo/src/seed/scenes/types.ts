/** A drawn picture and the words that say what it shows. */
export interface Scene {
  svg: string;
  alt: string;
}
