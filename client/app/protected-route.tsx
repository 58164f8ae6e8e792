import type { ComponentType } from 'react';
import { Redirect, Route } from 'wouter';
import { Spinner } from '../components/ui/card';
import { useAuth } from './auth-context';

/** Spinner while the user loads; a signed-out visitor goes to /auth. */
export function ProtectedRoute({ path, component: Component }: { path: string; component: ComponentType }) {
  const { user, isLoading } = useAuth();
  return (
    <Route path={path}>
      {isLoading ? (
        <div className="flex min-h-[50vh] items-center justify-center">
          <Spinner />
        </div>
      ) : user ? (
        <Component />
      ) : (
        <Redirect to="/auth" />
      )}
    </Route>
  );
}
