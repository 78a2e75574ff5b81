import { getOptionsTemplate } from '@waymark/protocol';
import type { CallRegistry } from '../plugins/call-registry.js';
import { embedOptionsTemplate } from './template.js';

/** `get_options_template` (administrators): the list-embed modal's content as text. */
export function registerEmbedCalls(calls: CallRegistry) {
  calls.handle(getOptionsTemplate, async () => embedOptionsTemplate());
}
