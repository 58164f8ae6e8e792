/** The product's numbers and limits; one place for both sides. */
export const limits = {
  usernameMin: 3,
  usernameMax: 64,
  passwordMin: 6,
  passwordMax: 256,
  userSearchMin: 2,
  userSearchMaxResults: 20,
  imageMaxBytes: 5 * 1024 * 1024,
  /**
   * Pixels a picture may decode to (width x height from its header, which a decoder allocates):
   * a 43-byte GIF may claim 16000 x 16000, and drawing it ran every export into its time limit.
   */
  imageMaxPixels: 40_000_000,
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
  /** Versions with their own description one user may add to a textbook in an hour; past it their saves coalesce as plain edits. */
  describedVersionsPerHour: 60,
  /** Failed sign-ins one account may have before it waits; an address (shared by a school's network) gets more. */
  loginFailuresAllowed: 10,
  loginFailuresAllowedPerAddress: 50,
  /** Failures older than this (and not blocking) are forgotten. */
  loginFailureWindowMs: 15 * 60 * 1000,
  /** The first wait after the allowance; each further failure doubles it, up to the longest. */
  loginBlockFirstMs: 60 * 1000,
  loginBlockLongestMs: 60 * 60 * 1000,
  /** A session ends 30 days after sign-in, or after 7 days unused, whichever comes first. */
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  sessionIdleMs: 7 * 24 * 60 * 60 * 1000,
  /** A textbook stays in the trash, restorable by its owner, this long before it is purged. */
  trashRetentionMs: 30 * 24 * 60 * 60 * 1000,
  /** JSON bodies that carry a book (100 chapters x 20 sections is about 5 MB): the save, the AI tools, the assistant. */
  jsonBodyMaxBytes: 20 * 1024 * 1024,
  /** Every other JSON body. */
  defaultBodyMaxBytes: 1024 * 1024,
  /** Sign-in and registration bodies: a username and a password fit in far less. */
  authBodyMaxBytes: 16 * 1024,
  guidanceMaxChars: 20_000,
  /** Lists inside lists, and elements inside elements, a chapter or section may nest (every write path: REST and live). */
  nestedListsMax: 16,
  nestingMax: 100,
  /** Plain text fields of a book: its title, chapter and section titles, reference fields, the notice. */
  titleMaxChars: 500,
  referenceFieldMaxChars: 2000,
  noticeMaxChars: 2000,
  /** Largest WebSocket frame the server reads; bigger ones close the socket (1009). */
  realtimeFrameMaxBytes: 1024 * 1024,
  /** A live document's encoded state may not grow past the largest book a save accepts. */
  liveDocumentMaxBytes: 20 * 1024 * 1024,
  /** Bytes of live edits one user may send at once (a pasted chapter), then this many per second. */
  liveUserBurstBytes: 4 * 1024 * 1024,
  liveUserBytesPerSecond: 64 * 1024,
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
