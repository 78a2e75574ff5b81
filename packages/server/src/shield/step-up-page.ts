import { STEP_UP_FIELD } from '@waymark/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../content/sanitize.js';
import type { Challenge } from './proof-of-work.js';

/**
 * The step-up of a classic post (a form the page's script did not send itself): a small page,
 * "Checking your browser…", that carries the challenge and the posted fields as hidden inputs,
 * solves the puzzle with an inline script (under the response's CSP nonce) and posts the same
 * fields again to the same address with the answer. The script writes the "working" status
 * itself, so a browser without scripts reads only what applies to it (the noscript text and the
 * button). Files cannot ride in hidden inputs: a post that carried any is not re-posted, the
 * visitor is asked to go back and send the form again (no protected form takes files today).
 */

export const STEP_UP_PAGE_TEXTS = {
  title: 'Checking your browser…',
  working: 'Checking your browser… This takes a moment, then your form is sent on.',
  noScript:
    'This check needs JavaScript, which is off in this browser. Turn it on and press the button, or go back and try again later.',
  files: 'Your files could not be carried through this check. Please go back and send the form again.',
  failed: 'The check could not finish. Please press the button to try again.',
  button: 'Send again',
} as const;

/** The posted fields as name/value pairs, as the browser sent them; files apart. */
function postedPairs(body: unknown): { pairs: [string, string][]; files: boolean } {
  const pairs: [string, string][] = [];
  let files = false;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { pairs, files };
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (name === STEP_UP_FIELD) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      if (typeof one === 'string') pairs.push([name, one]);
      else if (typeof one === 'number' || typeof one === 'boolean') pairs.push([name, String(one)]);
      else files = true;
    }
  }
  return { pairs, files };
}

/**
 * Tries numbers in batches of PBKDF2 digests (a batch's calls overlap, and each await lets the
 * page breathe), then posts. The same search as the page layer's `solveStepUp`, inline for a page
 * that has no bundle. `HTMLFormElement.prototype.submit`: a field named "submit" cannot hide it.
 */
const SOLVER = `(async()=>{const f=document.getElementById('step-up'),s=document.getElementById('step-up-status'),b=f.querySelector('button');
s.textContent=f.dataset.working;b.hidden=true;try{const c=JSON.parse(f.dataset.challenge),e=new TextEncoder(),w=c.challenge,B=16,u=crypto.subtle,t=e.encode(c.salt);
const hex=(b)=>Array.from(new Uint8Array(b),(x)=>x.toString(16).padStart(2,'0')).join('');
const d=(n)=>u.importKey('raw',e.encode(c.salt+n),'PBKDF2',false,['deriveBits']).then((k)=>u.deriveBits({name:'PBKDF2',hash:'SHA-256',salt:t,iterations:c.cost},k,256));
for(let n=0;n<=c.maxnumber;n+=B){const r=await Promise.all(Array.from({length:Math.min(B,c.maxnumber-n+1)},(_,i)=>d(n+i)));
const i=r.findIndex((x)=>hex(x)===w);if(i>=0){f.querySelector('[data-answer]').value=btoa(JSON.stringify({algorithm:c.algorithm,challenge:w,number:n+i,salt:c.salt,signature:c.signature}));
HTMLFormElement.prototype.submit.call(f);return}}}catch(x){}s.textContent=f.dataset.failed;b.hidden=false})();`;

/**
 * The puzzle page of a classic post. It answers 403: nothing was taken yet, and an HTTP client that
 * reads only the status (a script, a monitor, a tester) must not take the page for a success; a
 * browser shows it and runs its solver the same at any status, as it does a challenge page's.
 */
export function renderStepUpPage(request: FastifyRequest, reply: FastifyReply, challenge: Challenge): FastifyReply {
  const t = STEP_UP_PAGE_TEXTS;
  const { pairs, files } = postedPairs(request.body);
  const inputs = pairs
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const nonce = escapeHtml(reply.cspScriptNonce);
  const form = files
    ? `<p role="alert">${escapeHtml(t.files)}</p>`
    : `<form id="step-up" method="post" action="${escapeHtml(request.url)}" data-challenge="${escapeHtml(JSON.stringify(challenge))}" data-working="${escapeHtml(t.working)}" data-failed="${escapeHtml(t.failed)}">` +
      `${inputs}<input type="hidden" name="${STEP_UP_FIELD}" value="" data-answer>` +
      `<p id="step-up-status" role="status"></p>` +
      `<noscript><p>${escapeHtml(t.noScript)}</p></noscript>` +
      `<button type="submit">${escapeHtml(t.button)}</button></form>` +
      `<script nonce="${nonce}">${SOLVER}</script>`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(t.title)}</title>` +
    `<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#1d1d1f}` +
    `button{font:inherit;padding:.5rem 1rem}</style></head>` +
    `<body><main><h1>${escapeHtml(t.title)}</h1>${form}</main></body></html>`;
  return reply.code(403).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
