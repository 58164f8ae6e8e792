import winkNLP, { type WinkMethods } from 'wink-nlp';
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
