import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A page opened inside the app (a link, a button, the move to a new book after generation) starts at its top,
 * as a page loaded by the browser does; Back and Forward keep the browser's own scroll position, and an address
 * with a #fragment scrolls to it.
 */
export function ScrollToTop() {
  const [path] = useLocation();
  const popped = useRef(false);
  const first = useRef(true);
  useEffect(() => {
    const onPop = () => {
      popped.current = true;
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    const skip = first.current || popped.current || window.location.hash !== '';
    first.current = false;
    popped.current = false;
    if (!skip) window.scrollTo(0, 0);
  }, [path]);
  return null;
}
