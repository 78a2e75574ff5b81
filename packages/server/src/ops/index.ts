/** Running the site: health and readiness checks and Prometheus metrics. */
export { opsPlugin, HEALTH_PATH, READY_PATH, METRICS_PATH } from './plugin.js';
export type { SiteMetrics } from './metrics.js';
