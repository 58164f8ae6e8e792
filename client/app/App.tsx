import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '../components/ui/card';
import { Toaster } from '../components/ui/toaster';
import { ShortcutsHelp } from '../features/shortcuts/shortcuts-help';
import { NotFoundPage } from '../pages/not-found-page';
import { AuthProvider } from './auth-context';
import { Footer } from './footer';
import { Header } from './header';
import { ProtectedRoute } from './protected-route';
import { ScrollToTop } from './scroll-to-top';
import { createQueryClient } from './query-client';
import { ThemeProvider } from './theme';

// The reader page of a shared book (KaTeX, its own styles): loaded only when a reader link opens.
const ReaderPage = lazy(() => import('../pages/reader-page').then((m) => ({ default: m.ReaderPage })));

// The workspace carries the editor (TipTap, KaTeX, dnd-kit): loaded only when a textbook opens.
const loadTextbookPage = () => import('../pages/textbook-page');
const TextbookPage = lazy(() => loadTextbookPage().then((m) => ({ default: m.TextbookPage })));
// Opened at a textbook's address: its code and its book load while the session is checked, not after.
function startTextbookPage(client: QueryClient): void {
  const opened = typeof window === 'undefined' ? null : /^\/textbook\/([^/]+)\/?$/.exec(window.location.pathname);
  if (!opened) return;
  void loadTextbookPage()
    .then((page) => page.prefetchTextbook(client, opened[1]))
    .catch(() => {
      /* the lazy page reports a failure when it mounts */
    });
}

// The signed-in pages (the create flow, My Textbooks, Classroom): loaded after sign-in, so the sign-in page and a
// reader link do not wait for them.
const HomePage = lazy(() => import('../pages/home-page').then((m) => ({ default: m.HomePage })));
const SavedTextbooksPage = lazy(() => import('../pages/saved-textbooks-page').then((m) => ({ default: m.SavedTextbooksPage })));
const ClassroomPage = lazy(() => import('../pages/classroom-page').then((m) => ({ default: m.ClassroomPage })));
// The sign-in page carries its forms' library (react-hook-form): loaded when it opens, so a signed-in page does not
// wait for it (the server preloads it with the app page at /auth, server/http/page-preloads.ts).
const AuthPage = lazy(() => import('../pages/auth-page').then((m) => ({ default: m.AuthPage })));

const pageFallback = (
  <div className="flex min-h-[50vh] items-center justify-center">
    <Spinner />
  </div>
);

/** A page loaded on first use, with a spinner meanwhile. */
const suspended = (Page: ComponentType) =>
  function LazyPage() {
    return (
      <Suspense fallback={pageFallback}>
        <Page />
      </Suspense>
    );
  };
const LazyHomePage = suspended(HomePage);
const LazySavedTextbooksPage = suspended(SavedTextbooksPage);
const LazyTextbookPage = suspended(TextbookPage);
const LazyClassroomPage = suspended(ClassroomPage);
const LazyAuthPage = suspended(AuthPage);

export function Router() {
  return (
    <Switch>
      <ProtectedRoute path="/" component={LazyHomePage} />
      <ProtectedRoute path="/saved-textbooks" component={LazySavedTextbooksPage} />
      <ProtectedRoute path="/textbook/:id" component={LazyTextbookPage} />
      <ProtectedRoute path="/classroom" component={LazyClassroomPage} />
      <Route path="/auth" component={LazyAuthPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** The signed-in app: header, navigation, the routes, footer. */
function AppShell() {
  return (
    <AuthProvider>
      <div className="flex min-h-screen flex-col">
        {/* The first stop for keyboard users: past the header straight to the page. */}
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[200] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-indigo-700 focus:shadow focus:ring-2 focus:ring-indigo-500 dark:focus:bg-slate-900 dark:focus:text-indigo-300"
        >
          Skip to main content
        </a>
        <ScrollToTop />
        <Header />
        {/* At least the viewport below the header: the footer starts below the fold, so a page whose content
            arrives later does not push it down in view (layout shift). */}
        <main id="main-content" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
          <Router />
        </main>
        <Footer />
        <ShortcutsHelp />
      </div>
    </AuthProvider>
  );
}

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    startTextbookPage(client);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {/* A reader link needs no account: none of the app's header, sign-in or user query. */}
        <Switch>
          <Route path="/read/:token">
            <Suspense fallback={pageFallback}>
              <ReaderPage />
            </Suspense>
          </Route>
          <Route>
            <AppShell />
          </Route>
        </Switch>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
