import { type ClassView, PROGRESS_CSV_COLUMNS, progressAt } from '@grasp/contract';

/** What a spreadsheet may run as a formula when a cell starts with it (full-width forms too). */
const FORMULA_START = /^\s*[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One CSV field, as OWASP's CSV-injection advice has it: every text field is quoted (so neither
 * a `,` nor a `;`, the separator of many locales, splits it into a fresh cell), its quotes
 * doubled, and one a spreadsheet would run as a formula is prefixed with an apostrophe.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * The teacher's grid as CSV (PROGRESS_CSV_COLUMNS): one row per assignment, concept and member,
 * holding only what the grid shows (first name, username, status, quiz score).
 */
export function progressCsv(view: ClassView): string {
  const lines = [PROGRESS_CSV_COLUMNS.join(',')];
  const progressOf = new Map(view.progress.map((p) => [p.userId, p.assignments]));
  for (const assignment of view.assignments) {
    assignment.concepts.forEach((concept, i) => {
      for (const member of view.members) {
        const cell = progressAt(progressOf.get(member.userId)?.[assignment.assignmentId], i);
        lines.push(
          [
            assignment.title,
            assignment.dueAt,
            concept,
            member.username,
            member.firstName,
            cell.status,
            cell.quiz?.correct ?? null,
            cell.quiz?.answered ?? null,
          ]
            .map(csvField)
            .join(','),
        );
      }
    });
  }
  return `${lines.join('\r\n')}\r\n`;
}
