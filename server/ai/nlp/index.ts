/** The text toolkit lives in server/core/nlp (the ground floor every layer may use); this keeps older import paths working. */
export * from '@server/core/nlp';
