import type { PublicUser } from '@common/auth';
import type { AppDeps } from '../features/app-deps';
import { backgroundContext, type RequestContext } from '../features/request-context';

/**
 * The context a service receives, for a test that calls the service directly:
 *   await uploadImage(contextFor(h, me), book.id, file)
 * Only the user's id and username are carried (a TestUser's password and cookie stay in the test).
 */
export function contextFor(app: { deps: AppDeps }, user: PublicUser): RequestContext {
  return backgroundContext(app.deps, { id: user.id, username: user.username });
}
