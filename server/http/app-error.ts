/** AppError lives in server/core (every layer throws it); this keeps older import paths working. */
export * from '../core/app-error';
