import dns2 from 'dns2';

const { Packet } = dns2;
/** Response codes (RFC 1035 §4.1.1); dns2 has them at run time but not in its types. */
const RCODE = { SERVFAIL: 2, NXDOMAIN: 3 } as const;

type Response = ReturnType<typeof Packet.createResponseFromRequest>;
/** dns2's encoder takes plain records; its types only describe the parsed ones. */
const answer = (response: Response, record: Record<string, unknown>) =>
  response.answers.push(record as unknown as Response['answers'][number]);

export interface Zone {
  mx?: string[];
  a?: string[];
  /** Answer SERVFAIL, as a broken resolver would. */
  fail?: boolean;
  /** Never answer, so the client times out. */
  silent?: boolean;
  /** Answer only once this settles: a slow resolver whose wait a test can see. */
  hold?: Promise<unknown>;
}

export interface TestDnsServer {
  address: string;
  queries: string[];
  close(): Promise<void>;
}

/** A real DNS server on loopback answering from `zones`; any other name is NXDOMAIN. */
export async function startDnsServer(zones: Record<string, Zone>): Promise<TestDnsServer> {
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (!question) return send(response);
      const name = question.name.toLowerCase();
      queries.push(`${name}/${question.type}`);
      const zone = zones[name];
      if (zone?.silent) return;

      const respond = () => {
        if (!zone) {
          response.header.rcode = RCODE.NXDOMAIN;
          return send(response);
        }
        if (zone.fail) {
          response.header.rcode = RCODE.SERVFAIL;
          return send(response);
        }
        if (question.type === Packet.TYPE.MX) {
          for (const [i, exchange] of (zone.mx ?? []).entries()) {
            answer(response, {
              name,
              type: Packet.TYPE.MX,
              class: Packet.CLASS.IN,
              ttl: 60,
              exchange,
              priority: 10 + i,
            });
          }
        }
        if (question.type === Packet.TYPE.A) {
          for (const address of zone.a ?? []) {
            answer(response, { name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 60, address });
          }
        }
        send(response);
      };
      if (zone?.hold) void zone.hold.finally(respond);
      else respond();
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { udp } = server.addresses() as { udp: { port: number } };
  return { address: `127.0.0.1:${udp.port}`, queries, close: () => server.close() };
}
