export * from './users';
export * from './textbooks';
export * from './sources';
export * from './jobs';
