export * from '@server/core/nlp/wink';
