/** The site build a helper or CI run points tests at (`WEB_DIST`), when it is not the default one. */
export function webDistEnv(): Record<string, string> {
  return process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {};
}
