import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Block } from '../core/block.js';
import type { Signals } from '../core/decoder/contacts.js';
import type { CallSpec, Fields } from '../core/request.js';
import { watchEmails } from '../core/email-check.js';
import { createShield, type Shield } from '../core/shield.js';
import { BlockModal } from './BlockModal.js';

/**
 * The page layer for a React site: started once per page at the app level, with the React block
 * modal in place of the platform dialog.
 */

let instance: Shield | null = null;
let showBlock: (block: Block) => void = () => {};

/** The one shield of this page, started on first use (never during server rendering). */
function shield(): Shield {
  instance ??= createShield({ onBlock: (block) => showBlock(block), watchEmails });
  return instance;
}

export interface ShieldApi {
  /** Sends a protected form through the request layer; a block reply opens the block modal and rejects. */
  submit(call: CallSpec, form: HTMLFormElement, extra?: Fields): Promise<unknown>;
  /** A call of the request layer. */
  request(call: CallSpec, fields?: Fields): Promise<unknown>;
  /** The visitor's signals for a judged call without a form: the event token and the stored data. */
  signals(): Signals;
}

const api: ShieldApi = {
  submit: (call, form, extra) => shield().submit(call, form, extra),
  request: (call, fields) => shield().request(call, fields),
  signals: () => shield().signals(),
};

const Context = createContext<ShieldApi | null>(null);

export function ShieldProvider({ children }: { children: ReactNode }) {
  const [block, setBlock] = useState<Block | null>(null);
  useEffect(() => {
    showBlock = setBlock;
    shield();
    return () => {
      showBlock = () => {};
    };
  }, []);
  const close = useCallback(() => setBlock(null), []);
  const value = useMemo(() => api, []);
  return (
    <Context.Provider value={value}>
      {children}
      <BlockModal block={block} onClose={close} />
    </Context.Provider>
  );
}

export function useShield(): ShieldApi {
  const value = useContext(Context);
  if (!value) throw new Error('useShield needs a ShieldProvider');
  return value;
}
