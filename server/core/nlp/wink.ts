import { createRequire } from 'node:module';
import type { ItsFunction, Tokens, WinkMethods } from 'wink-nlp';
import type Model from 'wink-eng-lite-web-model';

let instance: WinkMethods | undefined;
const require = createRequire(import.meta.url);

/**
 * One wink-nlp instance per process (loading the model takes ~150 ms and
 * ~20 MB), loaded on first use: a thread that never tags a sentence (the
 * server's main thread, mostly) never holds it. Sentence boundaries, POS tags
 * and lemmas are all we use; negation and sentiment are left out of the pipe
 * because they cost time for nothing.
 */
export function wink(): WinkMethods {
  if (!instance) {
    const winkNLP = require('wink-nlp') as typeof import('wink-nlp').default;
    const model = require('wink-eng-lite-web-model') as typeof Model;
    instance = winkNLP(model, ['sbd', 'pos']);
  }
  return instance;
}

/** Per-token columns of a document or sentence, typed (wink's own typings do not cover lemma/pos outputs). */
export interface TokenColumns {
  surface: string[];
  lemma: string[];
  pos: string[];
  stop: boolean[];
  type: string[];
}

interface TokenCollection {
  out(): string[];
  out(itsf: ItsFunction<unknown>): unknown[];
}

export function tokenColumns(tokens: Tokens): TokenColumns {
  const nlp = wink();
  const t = tokens as unknown as TokenCollection;
  const its = nlp.its as unknown as Record<'lemma' | 'pos' | 'stopWordFlag' | 'type', ItsFunction<unknown>>;
  const surface = t.out();
  // The model has no lemma for some tokens: "cannot" ending a sentence ("… which we cannot.") gives
  // undefined, and a caller's toLowerCase() failed the whole analysis. Such a token is its own lemma.
  const lemma = (t.out(its.lemma) as Array<string | undefined>).map((l, i) => l ?? surface[i].toLowerCase());
  return {
    surface,
    lemma,
    pos: t.out(its.pos) as string[],
    stop: t.out(its.stopWordFlag) as boolean[],
    type: t.out(its.type) as string[],
  };
}
