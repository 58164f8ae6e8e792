/** The product's numbers and limits; one place for both sides. */
export const limits = {
  usernameMin: 3,
  usernameMax: 64,
  passwordMin: 6,
  passwordMax: 256,
  userSearchMin: 2,
  userSearchMaxResults: 20,
  imageMaxBytes: 5 * 1024 * 1024,
  sectionPreviewChars: 100,
  /** A drag starts only after the pointer moves this far, so clicks on a row stay clicks. */
  dragActivationPx: 8,
  sectionExpansionContextChars: 5000,
  chapterExpansionSections: 4,
  sectionExpansionParagraphs: 8,
  progressTickMs: 600,
  progressTickPercent: 10,
  navigateAfterGenerationMs: 2000,
  collaborationToastIntervalMs: 10_000,
  mobileDrawerBreakpointPx: 1024,
  versionCoalesceMs: 10 * 60 * 1000,
  loginFailuresAllowed: 10,
  loginFailureWindowMs: 15 * 60 * 1000,
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  /** JSON bodies (textbook content can be large: 100 chapters x 20 sections is about 5 MB). */
  jsonBodyMaxBytes: 20 * 1024 * 1024,
  guidanceMaxChars: 20_000,
  /** Largest WebSocket frame the server reads; bigger ones close the socket (1009). */
  realtimeFrameMaxBytes: 1024 * 1024,
  /**
   * A formula longer than this is shown as its LaTeX source rather than typeset: real formulas stay far below
   * (a large matrix is a few hundred characters), and typesetting a pasted 100,000-cell array takes minutes.
   */
  formulaMaxChars: 4000,
} as const;

export const progressSteps = [
  'Extracting text from uploaded materials',
  'Breaking text into semantic chunks',
  'Creating vector embeddings for semantic search',
  'Finding most relevant content for the topic',
  'Generating AI-powered textbook content',
  'Finalizing and storing the textbook',
] as const;
