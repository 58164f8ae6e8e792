export * from '../../core/nlp/wink';
