import { startSite } from '@waymark/server';
import { demoSite } from './index.js';

/**
 * The program (`npm start`, `npm run serve`): the server with the demo's seeder and gallery
 * routes, given through the server's interface. It sits above both packages, so the server
 * never imports the demo (docs/decisions/019-demo-package.md).
 */
await startSite(demoSite);
