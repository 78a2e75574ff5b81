import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { DecoderPopup } from '../../src/react/decoder/DecoderPopup.js';
import { describeDecoderPopup } from '../decoder-scenarios.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describeDecoderPopup('decoder popup', {
  mount({ request, signals }) {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    act(() => root.render(<DecoderPopup request={request} signals={signals} />));
    return () => act(() => root.unmount());
  },
  popup: () => document.querySelector<HTMLElement>('[data-testid="contact-decoder"]'),
  step: (run) =>
    act(async () => {
      await run();
    }),
  escape: () =>
    act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    }),
});
