import type { DocSection } from '@server/core/document-model';

/** A unit taught at a meeting of the course: the date or meeting its heading named ("January 10, 2019", "Week 3"), printed under its title. */
export type ScheduledUnit = DocSection & { schedule?: string };

/** The meeting a unit was taught at, when its heading named one. */
export const scheduleOf = (unit: DocSection): string | undefined => (unit as ScheduledUnit).schedule;
