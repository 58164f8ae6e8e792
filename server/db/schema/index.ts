export * from './users';
export * from './textbooks';
export * from './sources';
export * from './share-links';
export * from './live-documents';
export * from './jobs';
