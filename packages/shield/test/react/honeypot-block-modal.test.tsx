import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlockModal } from '../../src/react/BlockModal.js';
import { ProtectedFormFields } from '../../src/react/Honeypot.js';
import type { Block } from '../../src/core/block.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

const click = (element: Element | null) => act(() => (element as HTMLElement).click());

describe('honeypot fields', () => {
  it('render the decoy and the configured field; the test block removes and re-adds both', () => {
    act(() =>
      root.render(
        <form>
          <ProtectedFormFields name="wm_form_key" value="stamp" admin />
        </form>,
      ),
    );
    const fields = () => Array.from(new FormData(host.querySelector('form') as HTMLFormElement).keys());
    expect(fields()).toEqual(['alt_s', 'wm_form_key']);
    expect(host.querySelector('label[for="alt_s"]')).not.toBeNull();
    expect(host.querySelector('[data-shield-decoy]')?.getAttribute('aria-hidden')).toBe('true');
    const toggle = host.querySelector('button');
    expect(toggle?.textContent).toBe('Act as Spam Bot');
    click(toggle);
    expect(fields()).toEqual([]);
    expect(toggle?.textContent).toBe('Acting as Spam Bot');
    click(toggle);
    expect(fields()).toEqual(['alt_s', 'wm_form_key']);
  });

  it('show no test block to visitors', () => {
    act(() => root.render(<ProtectedFormFields name="wm_form_key" value="stamp" admin={false} />));
    expect(host.querySelector('button')).toBeNull();
  });
});

describe('block modal', () => {
  function Harness() {
    const [block, setBlock] = useState<Block | null>(null);
    return (
      <>
        <button type="button" onClick={() => setBlock({ comment: 'Not sent: looks automated.', stopScript: false })}>
          Send
        </button>
        <BlockModal block={block} onClose={() => setBlock(null)} />
      </>
    );
  }

  it('shows the server’s message over a 0.7 overlay, and the close button closes it', () => {
    act(() => root.render(<Harness />));
    click(host.querySelector('button'));
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain('Not sent: looks automated.');
    expect(document.querySelector('.shield-block__overlay')).not.toBeNull();
    click(document.querySelector('.shield-block__close'));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
