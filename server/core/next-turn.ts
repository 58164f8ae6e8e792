/**
 * Waits for the event loop's next turn. The embedded database (PGlite) runs each statement on the
 * calling thread and answers through promises that resolve at once, so a loop of awaited statements
 * never returns to the event loop: a 10 MB upload stored in one run froze every other request for
 * seconds (bench:abuse, "a 10 MB text file extracted"). Long loops of statements await this between
 * batches so other requests get their turn.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
