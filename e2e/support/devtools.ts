import WebSocket from 'ws';
import { setTimeout as sleep } from 'node:timers/promises';

/** A DevTools-protocol connection to one page: commands sent, answers awaited, events ignored. */
export async function devtools(
  port: number,
): Promise<{ send(method: string, params?: object): Promise<unknown>; close(): void }> {
  let targets: { type: string; webSocketDebuggerUrl: string }[] = [];
  for (let tries = 0; tries < 50 && !targets.some((t) => t.type === 'page'); tries += 1) {
    targets = (await fetch(`http://127.0.0.1:${port}/json/list`)
      .then((r) => r.json())
      .catch(() => [])) as typeof targets;
    if (!targets.some((t) => t.type === 'page')) await sleep(200);
  }
  const target = targets.find((t) => t.type === 'page');
  if (!target) throw new Error('The browser has no page to drive');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const waiting = new Map<number, (answer: { error?: { message: string } }) => void>();
  socket.on('message', (data: Buffer) => {
    const answer = JSON.parse(data.toString()) as { id?: number; error?: { message: string } };
    if (answer.id !== undefined) waiting.get(answer.id)?.(answer);
  });
  return {
    send(method, params = {}) {
      id += 1;
      const asked = id;
      return new Promise((resolve, reject) => {
        waiting.set(asked, (answer) => {
          waiting.delete(asked);
          if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
          else resolve(answer);
        });
        socket.send(JSON.stringify({ id: asked, method, params }));
      });
    },
    close: () => socket.close(),
  };
}
