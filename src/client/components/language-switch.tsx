// The switch to the other language, named in that language ("Français" / "English") and marked
// as such, so a screen reader says it with the right voice. Every page has one.
import type { Language } from '../shared/language.js';

interface LanguageSwitchText {
  /** The other language's name, in that language. */
  switchTo: string;
  switchToLang: Language;
}

export function LanguageSwitch({
  text,
  onChoose,
  className = 'button-link',
}: {
  text: LanguageSwitchText;
  onChoose: (language: Language) => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`${className} language-switch`}
      lang={text.switchToLang}
      onClick={() => onChoose(text.switchToLang)}
    >
      {text.switchTo}
    </button>
  );
}
