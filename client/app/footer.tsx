/**
 * The app's footer: what the product is, and the one page beside the app that exists (the API reference). Links to
 * pages nobody wrote (pricing, careers, ...) were removed: each led to "404 Page Not Found".
 */
export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white py-8 dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-baseline justify-between gap-4 px-4">
        <div>
          <div className="font-bold">Textbook Studio</div>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Grounded textbooks from your own course materials.</p>
        </div>
        <nav aria-label="Footer">
          <a
            href="/api/docs"
            className="text-sm text-slate-600 underline-offset-2 hover:text-indigo-700 hover:underline dark:text-slate-400"
          >
            API reference
          </a>
        </nav>
      </div>
    </footer>
  );
}
