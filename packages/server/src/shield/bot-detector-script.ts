import {
  ANTISPAM_CALLS,
  BOT_DETECTOR_SCRIPT_PATH,
  EVENT_TOKEN_FIELD,
  REST_NAMESPACE,
  SHIELD,
  SIGNAL,
} from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';

/**
 * *Waymark's* bot-detector script (PROTOCOL.md section 3, "Bot detector token source"), for a
 * page that loads the original page script: no third party. It asks the bot detector for a
 * token with the signals it saw (the page's check-js key, a sampled pointer path, the first key
 * press), once at load and again once the visitor has moved or typed, so a person's token is
 * issued against a person's signals; it writes local storage `bot_detector_event_token` as
 * `{"value","timestamp"}`, where the original reads it, and the hidden
 * `ct_bot_detector_event_token` field into every form.
 */
export function botDetectorScript(): string {
  const config = {
    url: `/wp-json/${REST_NAMESPACE}/${ANTISPAM_CALLS.botDetector.route}`,
    key: SIGNAL.eventToken,
    field: EVENT_TOKEN_FIELD,
    life: SHIELD.botDetectorKeyCookieSeconds * 1000,
    length: SHIELD.eventTokenLength,
    names: {
      checkJs: SIGNAL.checkJs,
      pointer: SIGNAL.pointer,
      set: SIGNAL.pageSet,
      key: SIGNAL.firstKeyPress,
      up: SIGNAL.keyUp,
      headless: SIGNAL.headless,
    },
  };
  return `(function(c){"use strict";
var w=window,d=document,n=c.names,start=Date.now(),points=[],last=0,pressed=0,up=false,busy=false,asked=0;
function held(){try{var v=JSON.parse(localStorage.getItem(c.key)||"null");return v&&typeof v.value==="string"&&v.value.length===c.length&&Date.now()-v.timestamp<c.life?v.value:""}catch(e){return""}}
function fill(t){d.querySelectorAll("form").forEach(function(f){var i=f.querySelector('input[name="'+c.field+'"]');if(!i){i=d.createElement("input");i.type="hidden";i.name=c.field;f.appendChild(i)}i.value=t})}
function signals(){var s={},p=w.ctPublic||{};s[n.checkJs]=String(p.ct_checkjs_key||"");s[n.set]=start;s[n.pointer]=points.slice();if(pressed)s[n.key]=pressed;s[n.up]=up;s[n.headless]=navigator.webdriver===true;return s}
function ask(){if(busy)return;busy=true;asked++;var b=new FormData(),f=w.ctPublicFunctions||{};b.set("event_javascript_data",JSON.stringify(signals()));
fetch(c.url,{method:"POST",body:b,credentials:"same-origin",headers:{"X-WP-Nonce":String(f._rest_nonce||"")}}).then(function(r){return r.json()}).then(function(a){var t=a&&a.event_token;if(typeof t==="string"&&t.length===c.length){try{localStorage.setItem(c.key,JSON.stringify({value:t,timestamp:Date.now()}))}catch(e){}fill(t)}}).catch(function(){}).then(function(){busy=false})}
function acted(){if(asked<2&&(points.length>=3||up))setTimeout(ask,300)}
w.addEventListener("mousemove",function(e){var now=Date.now();if(now-last<150||points.length>=50)return;last=now;points.push([Math.round(e.clientY),Math.round(e.clientX),now-start]);acted()},{passive:true});
w.addEventListener("keydown",function(){if(!pressed)pressed=Date.now()});
w.addEventListener("keyup",function(){up=true;acted()});
w.addEventListener("touchstart",function(e){var t=e.touches[0];if(t)points.push([Math.round(t.clientY),Math.round(t.clientX),Date.now()-start]);acted()},{passive:true});
function ready(){var t=held();if(t)fill(t);else ask()}
if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",ready);else ready();
})(${JSON.stringify(config)});
`;
}

export async function botDetectorScriptRoute(app: FastifyInstance) {
  const body = botDetectorScript();
  app.get(BOT_DETECTOR_SCRIPT_PATH, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('text/javascript; charset=utf-8').send(body),
  );
}
