import { describe, expect, it } from 'vitest';
import type { CompactItem } from '@waymark/protocol';
import { buildModel, prepareSearch } from '../../../src/features/directory/directory-model.js';
import { fixture } from './directory-fixture.js';

/** A directory of `n` items in one list, from the fixture's first item. */
function many(n: number) {
  const data = fixture();
  const [template] = data.items;
  if (!template) throw new Error('no item');
  data.items = Array.from({ length: n }, (_, i): CompactItem => {
    const copy = structuredClone(template);
    copy[0] = i + 1;
    copy[1] = 0;
    copy[2] = `Place ${i + 1}`;
    return copy;
  });
  return data;
}

/** An idle-callback scheduler the test runs by hand. */
function manualIdle() {
  const queue: ((deadline: { timeRemaining(): number }) => void)[] = [];
  return {
    scheduler: {
      requestIdleCallback: (run: (deadline: { timeRemaining(): number }) => void) => queue.push(run),
      cancelIdleCallback: () => queue.splice(0),
      setTimeout: () => 0,
      clearTimeout: () => {},
    },
    /** Runs the next idle callback with `ms` of idle time left. */
    idle(ms = 0) {
      const run = queue.shift();
      run?.({ timeRemaining: () => ms });
      return run !== undefined;
    },
    get pending() {
      return queue.length;
    },
  };
}

describe('directory model', () => {
  it('makes each item’s search text from its fields, lower-cased, fields apart', () => {
    const model = buildModel(fixture());
    expect(model.searchText[2]).toContain('night owl');
    expect(model.searchText[2]).toContain('jazz & coffee');
    expect(model.searchText[2]).toContain('cafés');
    expect(model.searchText[2]?.split('\n')).toHaveLength(10);
  });

  it('makes the search texts only when first asked for', () => {
    const model = buildModel(many(600));
    expect(model.searchTexts.done).toBe(false);
    expect(model.searchText).toHaveLength(600);
    expect(model.searchTexts.done).toBe(true);
  });

  it('makes them a slice per idle moment, and the rest at once when a search comes first', () => {
    const model = buildModel(many(600));
    const idle = manualIdle();
    prepareSearch(model, idle.scheduler);
    expect(idle.pending).toBe(1);
    idle.idle(0); // no idle time to spare: one slice
    expect(model.searchTexts.done).toBe(false);
    expect(idle.pending).toBe(1);
    expect(model.searchText[599]).toContain('place 600');
    expect(model.searchTexts.done).toBe(true);
    idle.idle(0);
    expect(idle.pending).toBe(0);
  });

  it('finishes in idle time and stops when told', () => {
    const model = buildModel(many(600));
    const idle = manualIdle();
    prepareSearch(model, idle.scheduler);
    while (idle.idle(0));
    expect(model.searchTexts.done).toBe(true);

    const other = buildModel(many(600));
    const stop = prepareSearch(other, idle.scheduler);
    stop();
    expect(idle.pending).toBe(0);
    expect(other.searchTexts.done).toBe(false);
  });
});
