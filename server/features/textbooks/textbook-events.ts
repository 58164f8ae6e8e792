import type { AppDeps } from '@server/features/app-deps';
import type { DomainEvent } from '@server/realtime/events';

/**
 * Publishes a domain event after its transaction committed. The write stands
 * whatever happens here: a failed broadcast (say, a lost LISTEN/NOTIFY
 * connection) only delays collaborators until their next fetch, so it is
 * logged, never turned into an error for the request that made the change.
 */
export async function publishAfterCommit(deps: AppDeps, event: DomainEvent): Promise<void> {
  try {
    await deps.events.publish(event);
  } catch (err) {
    deps.log.error({ err }, `publishing ${event.type} failed`);
  }
}
