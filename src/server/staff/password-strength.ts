// How guessable a staff password is: zxcvbn-ts (a well-kept estimator, run on the server only,
// never shipped to a browser) with its common, English and French dictionaries, so repeated
// characters, sequences, keyboard runs and common passwords in either language are caught.
// A password must reach MIN_PASSWORD_SCORE (3 of 4: "safely unguessable" against an online
// attack, in zxcvbn's terms) besides its length; the refusal says why, in the estimator's words.
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as fr from '@zxcvbn-ts/language-fr';

export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | null = null;

/** Built on first use: the dictionaries take a moment to load, and only account changes need them. */
function estimate(password: string, userInputs: string[]): ZxcvbnResult {
  estimator ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
  });
  // zxcvbn's time grows with the length; nothing past 100 characters changes the verdict.
  return estimator.check(password.slice(0, 100), userInputs);
}

/**
 * Why this password is too easy to guess, as a sentence a person can act on, or null when it is
 * strong enough. `userInputs` (the account's address, its parts) count as known to an attacker.
 */
export function passwordWeakness(password: string, userInputs: string[] = []): string | null {
  const result = estimate(password, userInputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = result.feedback.warning ?? 'It would be easy to guess.';
  const how = result.feedback.suggestions.length ? ` ${result.feedback.suggestions.join(' ')}` : '';
  return `This password is too easy to guess: ${why}${how} A few unrelated words make a strong one.`;
}
