import { headerSettings, menuSettings, sliderSettings, toTopSettings, type PageContext } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { readSetting } from '../settings/store.js';

/**
 * The theme's settings every page carries for its frame (header, menus, back-to-top), and the
 * slider for the home page alone, so no other page loads its code.
 */
export async function themeContext(request: FastifyRequest): Promise<Pick<PageContext, 'theme'>> {
  const storage = request.server.storage;
  const log = (m: string) => request.log.warn(m);
  // The path alone, as the router matched it: `//x` parsed as a URL would be a host, or throw.
  const onHome = request.url.split(/[?#]/, 1)[0] === '/';
  const [header, menus, toTop, slider] = await Promise.all([
    readSetting(storage, headerSettings, log),
    readSetting(storage, menuSettings, log),
    readSetting(storage, toTopSettings, log),
    onHome ? readSetting(storage, sliderSettings, log) : null,
  ]);
  return { theme: { header, menus, toTop, slider: slider && slider.slides.length > 0 ? slider : null } };
}
