// Cells of the CSV export that a spreadsheet can only read as text (OWASP's "CSV injection").
// Every cell is quoted by the writer; on top of that, a formula start (= + - @, or a tab or
// carriage return that some spreadsheets skip before one) is neutralised with a leading
// apostrophe wherever a cell could begin: at the start, and after any separator a spreadsheet
// may split on (comma, semicolon — the French-Canadian default —, tab, pipe), spaces between
// included. The apostrophe shows the text as typed and is what spreadsheets themselves use.
const FORMULA_START = /(^|[,;\t|])([ ]*)(?=[=+\-@\t\r])/g;

export function spreadsheetSafe(value: string): string {
  return value.replace(FORMULA_START, "$1$2'");
}
