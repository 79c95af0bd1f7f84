import { type ClassView, PROGRESS_CSV_COLUMNS, progressAt } from '@grasp/contract';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field a
 * spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
