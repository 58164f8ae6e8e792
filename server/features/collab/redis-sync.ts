import { Redis } from '@hocuspocus/extension-redis';
import type {
  afterLoadDocumentPayload,
  beforeBroadcastStatelessPayload,
  onAwarenessUpdatePayload,
  onChangePayload,
} from '@hocuspocus/server';

/** How long opening a document waits for Redis before it opens without it. */
const redisWaitMs = 3_000;

type Log = (message: string, err?: unknown) => void;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Hocuspocus's Redis extension carries every update of an open document to the other instances
 * that have it open. Its store lock is left out: stores are serialized by the textbook's row lock
 * in the save path (and each one merges what the database holds first), while the Redis lock
 * would make an instance skip a store and leave its last edits unsaved.
 *
 * While Redis is unreachable an instance works alone: documents open and stay editable (the
 * extension as shipped waits for Redis to open one, for ever), nothing is sent to Redis, stores
 * go on, and the other instances catch up from the database (`shared()` false: stores are
 * pulled). Once Redis is back every open document subscribes again and exchanges its state.
 */
export class RedisSync extends Redis {
  private wasReady = false;

  constructor(
    configuration: ConstructorParameters<typeof Redis>[0],
    private readonly log: Log = () => {},
  ) {
    super(configuration);
    this.sub.on('ready', () => {
      if (this.wasReady) void this.rejoin();
      this.wasReady = true;
    });
    let lastReport = 0;
    const report = (err: Error) => {
      // ioredis reports every failed reconnect; once a minute says enough.
      if (Date.now() - lastReport < 60_000) return;
      lastReport = Date.now();
      this.log('Redis unreachable: live documents are served by this instance alone until it is back', err);
    };
    this.pub.on('error', report);
    this.sub.on('error', report);
  }

  /** True while typing crosses instances through Redis. */
  shared(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  override async onStoreDocument(): Promise<void> {}

  override async afterLoadDocument(data: afterLoadDocumentPayload): Promise<void> {
    if (!this.shared()) return;
    try {
      await within(redisWaitMs, super.afterLoadDocument(data));
    } catch (err) {
      this.log(`opening ${data.documentName} without Redis`, err);
    }
  }

  override async onChange(data: onChangePayload): Promise<void> {
    if (this.shared()) await super.onChange(data);
  }

  override async onAwarenessUpdate(data: onAwarenessUpdatePayload): Promise<void> {
    if (this.shared()) await super.onAwarenessUpdate(data);
  }

  override async beforeBroadcastStateless(data: beforeBroadcastStatelessPayload): Promise<number> {
    if (!this.shared()) return 0;
    // A stateless message ("stored") reaches this instance's clients whether Redis takes it or not.
    return within(redisWaitMs, super.beforeBroadcastStateless(data)).catch(() => 0);
  }

  override async onDestroy(): Promise<void> {
    if (this.shared()) {
      await within(redisWaitMs, super.onDestroy()).catch(() => undefined);
    }
    this.pub.disconnect(false);
    this.sub.disconnect(false);
  }

  /** After Redis came back: every open document subscribes again and trades state with its peers. */
  private async rejoin(): Promise<void> {
    const documents = this.instance?.documents;
    if (!documents) return;
    for (const [documentName, document] of documents) {
      await within(redisWaitMs, super.afterLoadDocument({ documentName, document } as afterLoadDocumentPayload)).catch((err: unknown) =>
        this.log(`rejoining ${documentName} through Redis failed`, err),
      );
    }
  }
}

export function createRedisSync(redisUrl: string, log?: Log): RedisSync {
  const url = new URL(redisUrl);
  return new RedisSync(
    {
      host: url.hostname,
      port: Number(url.port || 6379),
      options: {
        ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
        ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
        ...(url.pathname.length > 1 ? { db: Number(url.pathname.slice(1)) } : {}),
        // Keep trying a lost Redis rather than give up; documents stay in step through the database meanwhile.
        maxRetriesPerRequest: null,
      },
      prefix: 'textbook-studio',
    },
    log,
  );
}
