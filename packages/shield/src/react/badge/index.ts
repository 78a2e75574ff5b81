export { RealPersonBadge, type RealPersonBadgeProps } from './RealPersonBadge.js';
