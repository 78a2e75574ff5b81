/** `#<gallery id>/<zero-based index>` (directory spec, section 4, "Lightbox"). */

export interface DeepLink {
  gallery: string;
  index: number;
}

export function parseDeepLink(hash: string): DeepLink | null {
  const match = /^#?([^/#]+)\/(\d{1,6})$/.exec(hash);
  if (!match?.[1] || match[2] === undefined) return null;
  let gallery: string;
  try {
    gallery = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return { gallery, index: Number(match[2]) };
}

export const formatDeepLink = ({ gallery, index }: DeepLink) => `#${encodeURIComponent(gallery)}/${index}`;
