/** What the browser may keep once nobody is signed in: the look of the page, nothing of a user. */
const keptAfterSignOut = new Set(['theme']);

/**
 * Forgets everything a signed-in user left in this browser's storage (materials kept per book,
 * reader-link addresses, anything added later) once the session is over, so the next person at
 * the same browser finds none of it.
 */
export function clearUserStorage(): void {
  for (const storage of [safeStorage(() => localStorage), safeStorage(() => sessionStorage)]) {
    if (!storage) continue;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && !keptAfterSignOut.has(key)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  }
}

function safeStorage(get: () => Storage): Storage | null {
  try {
    return get();
  } catch {
    return null; // storage disabled: nothing was kept
  }
}
