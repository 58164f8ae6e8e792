import { createServer, Socket, type Server } from 'node:net';

interface Flow {
  client: Socket;
  upstream: Socket;
  /** A black-holed flow forwards nothing, ever again, and is never closed. */
  dead: boolean;
}

/**
 * A TCP proxy for fault tests. `cut()` makes it go silent the way a network partition or a
 * middlebox that lost its state does: every connection open at that moment, and every one made
 * during the cut, stops forwarding in both directions forever, and nothing is closed (no error,
 * no FIN: just silence). `resume()` lets new connections through again; the old ones stay dead,
 * so only a client that notices the silence and reconnects gets its database back.
 */
export class SilentCutProxy {
  private server?: Server;
  private cutNow = false;
  private readonly flows = new Set<Flow>();

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async listen(): Promise<number> {
    this.server = createServer((client) => {
      const upstream = new Socket();
      const flow: Flow = { client, upstream, dead: this.cutNow };
      this.flows.add(flow);
      upstream.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        s.on('error', () => undefined);
        s.on('close', () => {
          client.destroy();
          upstream.destroy();
          this.flows.delete(flow);
        });
      }
      client.on('data', (d) => {
        if (!flow.dead) upstream.write(d);
      });
      upstream.on('data', (d) => {
        if (!flow.dead) client.write(d);
      });
      client.on('end', () => !flow.dead && upstream.end());
      upstream.on('end', () => !flow.dead && client.end());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server!.address() as { port: number }).port;
  }

  cut(): void {
    this.cutNow = true;
    for (const flow of this.flows) flow.dead = true;
  }

  resume(): void {
    this.cutNow = false;
  }

  async close(): Promise<void> {
    for (const flow of this.flows) {
      flow.client.destroy();
      flow.upstream.destroy();
    }
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
