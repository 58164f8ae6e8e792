import type { AuthoringEngine } from '../engine';
import { extractKeyphrases } from '@server/core/nlp';
import { viewMaterial } from './analyze/material-view';
import { buildObjectives } from './analyze/objectives';
import { buildSuggestions } from './analyze/suggestions';
import { isCodeIdentifier } from './analyze/topic';
import { materialTopic } from './analyze/topic-of-files';
import { materialLanguage } from '../material-language';
import { languageName, writesApparatusIn } from '@server/core/nlp/language';

/**
 * Offline analysis: topic from the documents'
 * titles or key phrases (of each file, combined, when there are several), objectives from their sections and terms,
 * suggestions naming concrete gaps. Deterministic: same material, same answer.
 */
export const analyze: AuthoringEngine['analyze'] = async (ctx, input) => {
  const view = viewMaterial(ctx.material);
  // A class name of the code ("Exp", "Identifier") is no subject of the course: not a topic, an objective or a term.
  const phrases = extractKeyphrases(view.texts, { limit: 16 })
    .filter((p) => !isCodeIdentifier(p.phrase, view))
    .slice(0, 12);
  // Several files: each file's own topic, combined (never one file's alone).
  const topic = materialTopic(ctx.material, view, phrases, input.topic);
  const fullText = ctx.material.sources.map((s) => s.text).join('\n\n');
  ctx.onProgress?.(50);
  // The topic the user typed is what the book is about; the detected one only fills in when none was given.
  // Objectives are written in English ("Explain ..."): for material in another language there are none, and the user is told why.
  const language = materialLanguage(ctx.material);
  const english = writesApparatusIn(language);
  const objectives = english
    ? buildObjectives(view, phrases, input.topic?.trim() || topic, fullText, input.topic?.trim() || undefined)
    : [];
  const suggestions = buildSuggestions(view, phrases, fullText);
  if (!english && language)
    suggestions.unshift(
      `The material is in ${languageName(language)}: learning objectives are proposed only for English material, so write your own in the book if you want them.`,
    );
  ctx.onProgress?.(100);
  return { detectedTopic: topic || input.topic?.trim() || '', objectives, suggestions };
};
