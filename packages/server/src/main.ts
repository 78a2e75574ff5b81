import { demoSite } from './demo/index.js';
import { startSite } from './start.js';

/** The program: the server with the demo's seeder and routes, given through the server's interface. */
await startSite(demoSite);
