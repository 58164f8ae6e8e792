import winkNLP, { type ItsFunction, type Tokens, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

let instance: WinkMethods | undefined;

/**
 * One wink-nlp instance per process (loading the model takes ~150 ms and
 * ~20 MB). Sentence boundaries, POS tags and lemmas are all we use; negation
 * and sentiment are left out of the pipe because they cost time for nothing.
 */
export function wink(): WinkMethods {
  instance ??= winkNLP(model, ['sbd', 'pos']);
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
  return {
    surface: t.out(),
    lemma: t.out(its.lemma) as string[],
    pos: t.out(its.pos) as string[],
    stop: t.out(its.stopWordFlag) as boolean[],
    type: t.out(its.type) as string[],
  };
}
