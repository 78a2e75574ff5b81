import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REAL_PERSON_IMAGES, SPAM_SHIELD_ABOUT_PATH, type ShieldSettings, type TheRealPerson } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';

/**
 * The real-person badge's configuration (PROTOCOL.md section 2, `ctPublic.theRealPerson`), or
 * null when an administrator turned the badge off, so the page configuration leaves it out.
 */
export function realPersonConfig(settings: ShieldSettings): TheRealPerson | null {
  if (!settings.realPersonBadge) return null;
  return {
    phrases: {
      trpHeading: settings.realPersonHeading,
      trpContent1: settings.realPersonContent1,
      trpContent2: settings.realPersonContent2,
      trpContentLearnMore: settings.realPersonLearnMore,
    },
    trpContentLink: SPAM_SHIELD_ABOUT_PATH,
    imgPersonUrl: REAL_PERSON_IMAGES.person,
    imgShieldUrl: REAL_PERSON_IMAGES.shield,
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));
const image = (name: string) => readFileSync(path.join(here, 'images', name), 'utf8');

/** The badge's own two pictures, from this server: no third party learns who reads a review. */
export async function realPersonImageRoutes(app: FastifyInstance) {
  const files: Record<string, string> = {
    [REAL_PERSON_IMAGES.person]: image('real-person.svg'),
    [REAL_PERSON_IMAGES.shield]: image('real-person-shield.svg'),
  };
  for (const [url, svg] of Object.entries(files)) {
    app.get(url, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml; charset=utf-8').send(svg),
    );
  }
}
