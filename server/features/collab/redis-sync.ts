import { Redis } from '@hocuspocus/extension-redis';

/**
 * Hocuspocus's Redis extension carries every update of an open document to the other instances
 * that have it open. Its store lock is left out: stores are serialized by the textbook's row lock
 * in the save path (and each one merges what the database holds first), while the Redis lock
 * would make an instance skip a store and leave its last edits unsaved.
 */
export class RedisSync extends Redis {
  override async onStoreDocument(): Promise<void> {}
}

export function createRedisSync(redisUrl: string): RedisSync {
  const url = new URL(redisUrl);
  return new RedisSync({
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
  });
}
