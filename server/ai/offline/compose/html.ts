/** The HTML helpers live in common/ so the client toolkit uses the same ones. */
export * from '@common/textbook-ops/html';
