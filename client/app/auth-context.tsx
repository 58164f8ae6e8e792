import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { LoginBody, PublicUser, RegisterBody } from '@common/auth';
import { toast } from '../components/ui/toast-store';
import { apiJson, apiRequest, errorMessage, getQueryFn } from '../lib/api';
import { clearUserStorage } from '../lib/user-storage';

interface AuthContextValue {
  user: PublicUser | null;
  isLoading: boolean;
  error: Error | null;
  loginMutation: UseMutationResult<PublicUser, Error, LoginBody>;
  registerMutation: UseMutationResult<PublicUser, Error, RegisterBody>;
  logoutMutation: UseMutationResult<void, Error, void>;
  /** Ends every session of the account (other browsers and devices too), this one included. */
  logoutEverywhereMutation: UseMutationResult<void, Error, void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);
export const userQueryKey = ['/api/user'] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The current user is fetched at start; a 401 means no user.
  const {
    data: user,
    error,
    isLoading,
  } = useQuery<PublicUser | null, Error>({
    queryKey: userQueryKey,
    queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }),
  });
  // Signed out here, ended elsewhere ("sign out everywhere", expiry) or never signed in: nothing
  // of a previous user stays in this browser's storage.
  const signedIn = Boolean(user);
  useEffect(() => {
    if (!isLoading && !signedIn) clearUserStorage();
  }, [isLoading, signedIn]);

  const loginMutation = useMutation<PublicUser, Error, LoginBody>({
    mutationFn: (body) => apiJson<PublicUser>('POST', '/api/login', body),
    onSuccess: (u) => {
      queryClient.setQueryData(userQueryKey, u);
      toast({ title: 'Login successful', description: `Welcome back, ${u.username}!` });
    },
    onError: (err) =>
      toast({ title: 'Login failed', description: errorMessage(err, 'Invalid username or password'), variant: 'destructive' }),
  });

  const registerMutation = useMutation<PublicUser, Error, RegisterBody>({
    mutationFn: (body) => apiJson<PublicUser>('POST', '/api/register', body),
    onSuccess: (u) => {
      queryClient.setQueryData(userQueryKey, u);
      toast({ title: 'Registration successful', description: `Welcome, ${u.username}!` });
    },
    onError: (err) =>
      toast({ title: 'Registration failed', description: errorMessage(err, 'Could not create account'), variant: 'destructive' }),
  });

  const signedOut = () => {
    queryClient.setQueryData(userQueryKey, null);
    clearUserStorage();
    // Nothing of the previous user may linger in the cache for the next one.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
  };

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      signedOut();
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
    },
    onError: (err) => toast({ title: 'Logout failed', description: errorMessage(err), variant: 'destructive' }),
  });

  const logoutEverywhereMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout-everywhere');
    },
    onSuccess: () => {
      signedOut();
      toast({ title: 'Signed out everywhere', description: 'Every session of your account has ended, on this device and all others.' });
    },
    onError: (err) => toast({ title: 'Logout failed', description: errorMessage(err), variant: 'destructive' }),
  });

  return (
    <AuthContext.Provider
      value={{
        user: user ?? null,
        isLoading,
        error: error ?? null,
        loginMutation,
        registerMutation,
        logoutMutation,
        logoutEverywhereMutation,
      }}
    >
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
