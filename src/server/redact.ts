// Text bound for the log, scrubbed of what identifies a customer or a clerk that a pattern can
// find: email addresses (SMTP and database errors quote them).
const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+/g;

/** The text with every email address replaced by "[email]". */
export function redactPersonalData(text: string): string {
  return text.replace(EMAIL, '[email]');
}
