import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { creationReducer, initialCreationState } from './creation-state';
import { ExtractedTextPanel } from './extracted-text-panel';

describe('what extraction read from slides and scans', () => {
  it('keeps the summaries of the answer and shows them above the text, apart from the warnings', () => {
    const state = creationReducer(initialCreationState, {
      type: 'extracted',
      response: {
        extractedText: 'Respiration',
        detectedTopic: 'Respiration',
        objectives: [],
        extractedReferences: [],
        aiSuggestions: [],
        summaries: ['week3.pptx: 23 slides, 11 with speaker notes', 'exam.pdf: 4 scanned pages read as text'],
        warnings: ['exam.pdf: page 4 was hard to read: check the recognized text against the original'],
      },
    });
    expect(state.extractSummaries).toHaveLength(2);
    render(
      <ExtractedTextPanel
        text={state.extractedText}
        summaries={state.extractSummaries}
        warnings={state.extractWarnings}
        isOpen
        onToggle={() => {}}
      />,
    );
    expect(screen.getByTestId('extract-summaries')).toHaveTextContent('week3.pptx: 23 slides, 11 with speaker notes');
    expect(screen.getByTestId('extract-summaries')).toHaveTextContent('exam.pdf: 4 scanned pages read as text');
    expect(screen.getByTestId('extract-warnings')).toHaveTextContent('page 4 was hard to read');
  });

  it('opens the extracted text when the files gave warnings, and leaves it folded when they gave none', () => {
    const response = { extractedText: 'Readings', detectedTopic: 'Readings', objectives: [], extractedReferences: [], aiSuggestions: [] };
    const warned = creationReducer(initialCreationState, {
      type: 'extracted',
      response: {
        ...response,
        warnings: [
          'causal-readings.md: a citation was not resolved (the bibliography uploaded with the page does not hold it): Rosenbaum:2002 is printed as its key',
        ],
      },
    });
    expect(warned.open.text).toBe(true);
    expect(creationReducer(initialCreationState, { type: 'extracted', response }).open.text).toBe(false);
  });
});
