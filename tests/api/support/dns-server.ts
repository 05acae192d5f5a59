import dns2 from 'dns2';

export interface LocalDnsServer {
  /** For DNS_RESOLVERS / Resolver.setServers: `127.0.0.1:PORT`. */
  address: string;
  /** Name → TXT records (each a list of strings, as DNS splits them); edit it between checks. */
  txt: Map<string, string[][]>;
  /** Names answered SERVFAIL (the server could not get an answer): a transient failure. */
  failing: Set<string>;
  /** Every name asked, lower-cased, in order: tests count the lookups. */
  queries: string[];
  close(): Promise<void>;
}

/**
 * A real DNS server on loopback (dns2, UDP), answering TXT questions from a map the test controls:
 * the resolver the app uses asks it over the wire like any other server. Unknown names: NXDOMAIN.
 */
export async function startDnsServer(): Promise<LocalDnsServer> {
  const txt = new Map<string, string[][]>();
  const failing = new Set<string>();
  const queries: string[] = [];
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      const records = txt.get(name);
      if (question) queries.push(name);
      if (question && failing.has(name)) {
        // RCODE 2: the server could not get an answer.
        response.header.rcode = 2;
      } else if (!question || !records) {
        // RCODE 3: no such name.
        response.header.rcode = 3;
      } else {
        for (const data of records) {
          const record = { name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data };
          // dns2's type asks for a toBuffer the encoder never calls on answers it is given.
          response.answers.push(record as unknown as (typeof response.answers)[number]);
        }
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = addresses.udp?.port;
  if (port === undefined) throw new Error('the DNS server did not listen');
  return { address: `127.0.0.1:${port}`, txt, failing, queries, close: () => server.close() };
}
