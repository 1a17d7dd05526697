// The Shop settings page's texts and the owner's first checklist, in English and Canadian French
// (docs/settings.md), read with useSettingsText().
import { dateInWords } from '../../../../shared/dates.js';
import { MAIL_GREETING_MAX, MAIL_SIGNATURE_MAX, MAIL_SIGNATURE_MAX_LINES } from '../../../../shared/mail-wording.js';
import { MAX_QUOTE_WAIT_DAYS, type ShopProfile } from '../../../../shared/shop-profile.js';
import { catalogues, textHook } from '../../../shared/language.js';

type ProfileText = Record<keyof ShopProfile, string>;

const GREETING_RULE_EN = `Plain text on one line, at most ${MAIL_GREETING_MAX} characters, with {name} at most once and no link or web address.`;
const SIGNATURE_RULE_EN = `Plain text, at most ${MAIL_SIGNATURE_MAX_LINES} lines and ${MAIL_SIGNATURE_MAX} characters, with no link or web address but your email’s own domain.`;
const GREETING_RULE_FR = `Du texte simple sur une ligne, au plus ${MAIL_GREETING_MAX}\u00a0caractères, avec {name} au plus une fois et sans lien ni adresse Web.`;
const SIGNATURE_RULE_FR = `Du texte simple, au plus ${MAIL_SIGNATURE_MAX_LINES}\u00a0lignes et ${MAIL_SIGNATURE_MAX}\u00a0caractères, sans lien ni adresse Web sauf le domaine de votre courriel.`;

const en = {
  nav: 'Shop settings',
  heading: 'Shop settings',
  leaveUnsaved: 'Your changes to the shop settings are not saved. Leave this page anyway?',
  loading: 'Loading the shop’s settings…',
  intro:
    'Who the shop is on every quote, invoice, receipt and email. Documents take the settings in force when they are made: an invoice already issued keeps what it printed.',
  fromEnvironment: 'In force: the server’s environment variables. Once you save here, these settings replace them.',
  inForce: (version: number, date: string, by: string) =>
    `In force: version ${version}, saved ${dateInWords(date, 'en')} by ${by}.`,
  ownerOnly: 'Only an owner can change the shop’s settings.',
  identity: 'The shop',
  taxes: 'Taxes and books',
  contact: 'Contact and brand',
  labels: {
    name: 'Shop name',
    legalName: 'Legal name (optional)',
    address: 'Address, on one line',
    province: 'Province or territory',
    timeZone: 'Time zone',
    fiscalYearEnd: 'Last day of the fiscal year (MM-DD)',
    gstHst: 'GST/HST number (optional)',
    qst: 'QST number (optional)',
    pst: 'PST or RST registrations',
    email: 'Contact email',
    phone: 'Phone (optional)',
    brandColour: 'Brand colour',
    logo: 'Logo (PNG or SVG, at most 1 MB)',
    mailGreetingEn: 'Greeting, English',
    mailGreetingFr: 'Greeting, French',
    mailSignatureEn: 'Signature, English (optional)',
    mailSignatureFr: 'Signature, French (optional)',
    quoteWaitDays: 'Days a sent quote waits before the inbox flags it',
  } satisfies ProfileText,
  hints: {
    legalName: 'Printed on invoices and receipts; empty, the shop name is.',
    timeZone: 'Such as America/Toronto or America/Vancouver: every document’s date.',
    gstHst: 'Like 123456782 RT0001. Empty: the shop charges no GST/HST.',
    qst: 'Like 1234567890 TQ0001. Empty: the shop charges no QST.',
    email: 'Customers write here; new-order notices come here.',
    brandColour: 'White text on it must reach a contrast of 4.5:1 (WCAG AA).',
    mailGreetingEn: '{name} is the customer’s first name; without one, it is left out.',
    mailGreetingFr: '{name} is the customer’s first name; without one, it is left out.',
    mailSignatureEn: 'At most 4 lines, after the mail’s body and before its fixed footer.',
    mailSignatureFr: 'At most 4 lines, after the mail’s body and before its fixed footer.',
    quoteWaitDays: `A quote the customer has not answered after this many days shows “Quote waiting” in the order list. From 1 to ${MAX_QUOTE_WAIT_DAYS}; 7 unless you change it.`,
  } as Partial<ProfileText>,
  errors: {
    name: 'Enter the shop’s name.',
    legalName: 'At most 200 characters.',
    address: 'At most 300 characters.',
    province: 'Choose a province or territory.',
    timeZone: 'Enter a time zone such as America/Toronto.',
    fiscalYearEnd: 'Enter a day as MM-DD, such as 12-31 or 03-31.',
    gstHst:
      'Enter 9 digits of a business number (the last one its check digit), RT and 4 digits, like 123456782 RT0001.',
    qst: 'Enter 10 digits, TQ and 4 digits, like 1234567890 TQ0001.',
    pst: 'Check the PST registrations: each province once.',
    email: 'Enter an email address, such as orders@yourshop.ca.',
    phone: 'Enter a phone number, such as 416-555-0100.',
    brandColour: 'This colour is too light: white text on it falls under a contrast of 4.5:1. Choose a darker one.',
    logo: 'Choose a PNG or a plain SVG of at most 1 MB.',
    mailGreetingEn: GREETING_RULE_EN,
    mailGreetingFr: GREETING_RULE_EN,
    mailSignatureEn: SIGNATURE_RULE_EN,
    mailSignatureFr: SIGNATURE_RULE_EN,
    quoteWaitDays: `Enter a whole number of days from 1 to ${MAX_QUOTE_WAIT_DAYS}, such as 7.`,
  } satisfies ProfileText,
  logoCurrent: 'The shop’s logo',
  noLogo: 'No logo: the order form shows the shop’s name alone.',
  removeLogo: 'Remove the logo (then save)',
  logoSaved: 'Logo saved on its own. The order form shows it now.',
  pstRegistered: (province: string) => `Registered in ${province}`,
  pstNumber: (province: string) => `${province} registration number (optional)`,
  contrast: (ratio: string) => `White text on this colour: ${ratio}:1.`,
  sample: 'Button',
  save: 'Save the shop’s settings',
  saved: (version: number) => `Saved as version ${version}. New documents and emails use it now.`,
  summaryTitle: 'The settings were not saved',
  mail: 'Mail the shop writes',
  mailIntro:
    'The greeting and signature of every mail to a customer, in each language. The rest of each mail (what it is about, the order’s link, the contact and legal lines) stays as it is. A mail takes the settings in force when it is sent.',
  previewOf: (language: string) => `Preview: a quote mail in ${language}`,
  languageNames: { en: 'English', fr: 'French' },
  /** The preview's body, in the mail's own language (a sample quote mail, worded as the quote mail itself). */
  previewBody: (shop: string, reference: string, version: number, total: string) =>
    `${shop} has prepared quote v${version} for your order ${reference}: ${total} in total, taxes included.`,
  previewName: 'Ada',
  inbox: 'The inbox',
  checklist: {
    heading: 'Set up your shop',
    intro: 'A few things to do before the first order. Each is checked when done.',
    steps: {
      shopDetails: 'Shop details: name, address, tax numbers',
      priceList: 'Price list: publish one',
      paymentTerms: 'Payment terms: deposit and how to pay',
      cardPayments: 'Card payments (Stripe): the keys are set, turn them on for deposits, balances or both',
      staff: 'Staff: add an account for each person (npm run staff -- add)',
      testOrder: 'A test order: place one on the form (no mail to a customer, no invoice number)',
    },
    done: 'done',
    toDo: 'to do',
    dismiss: 'Hide this checklist',
  },
};

const fr: typeof en = {
  nav: 'Réglages de la boutique',
  heading: 'Réglages de la boutique',
  leaveUnsaved:
    'Vos modifications des réglages de la boutique ne sont pas enregistrées. Quitter cette page quand même\u202f?',
  loading: 'Chargement des réglages de la boutique…',
  intro:
    'Qui est la boutique sur chaque soumission, facture, reçu et courriel. Les documents prennent les réglages en vigueur au moment où ils sont faits\u00a0: une facture déjà émise garde ce qu’elle a imprimé.',
  fromEnvironment:
    'En vigueur\u00a0: les variables d’environnement du serveur. Dès que vous enregistrez ici, ces réglages les remplacent.',
  inForce: (version, date, by) =>
    `En vigueur\u00a0: version ${version}, enregistrée le ${dateInWords(date, 'fr')} par ${by}.`,
  ownerOnly: 'Seul un propriétaire peut modifier les réglages de la boutique.',
  identity: 'La boutique',
  taxes: 'Taxes et comptabilité',
  contact: 'Coordonnées et image',
  labels: {
    name: 'Nom de la boutique',
    legalName: 'Raison sociale (facultatif)',
    address: 'Adresse, sur une ligne',
    province: 'Province ou territoire',
    timeZone: 'Fuseau horaire',
    fiscalYearEnd: 'Dernier jour de l’exercice (MM-JJ)',
    gstHst: 'Numéro de TPS/TVH (facultatif)',
    qst: 'Numéro de TVQ (facultatif)',
    pst: 'Inscriptions à la TVP ou à la TVD',
    email: 'Courriel de contact',
    phone: 'Téléphone (facultatif)',
    brandColour: 'Couleur de la marque',
    logo: 'Logo (PNG ou SVG, au plus 1 Mo)',
    mailGreetingEn: 'Salutation, anglais',
    mailGreetingFr: 'Salutation, français',
    mailSignatureEn: 'Signature, anglais (facultatif)',
    mailSignatureFr: 'Signature, français (facultatif)',
    quoteWaitDays: 'Jours d’attente d’une soumission envoyée avant que la boîte de réception la signale',
  },
  hints: {
    legalName: 'Imprimée sur les factures et les reçus\u202f; vide, c’est le nom de la boutique.',
    timeZone: 'Par exemple America/Toronto ou America/Vancouver\u00a0: la date de chaque document.',
    gstHst: 'Par exemple 123456782 RT0001. Vide\u00a0: la boutique ne perçoit pas la TPS/TVH.',
    qst: 'Par exemple 1234567890 TQ0001. Vide\u00a0: la boutique ne perçoit pas la TVQ.',
    email: 'Les clients écrivent ici\u202f; les avis de nouvelles commandes arrivent ici.',
    brandColour: 'Un texte blanc sur cette couleur doit atteindre un contraste de 4,5:1 (WCAG AA).',
    mailGreetingEn: '{name} est le prénom du client\u202f; sans prénom, il est omis.',
    mailGreetingFr: '{name} est le prénom du client\u202f; sans prénom, il est omis.',
    mailSignatureEn: 'Au plus 4\u00a0lignes, après le corps du courriel et avant son pied fixe.',
    mailSignatureFr: 'Au plus 4\u00a0lignes, après le corps du courriel et avant son pied fixe.',
    quoteWaitDays: `Une soumission sans réponse du client après ce nombre de jours affiche «\u00a0Soumission en attente\u00a0» dans la liste des commandes. De 1 à ${MAX_QUOTE_WAIT_DAYS}\u202f; 7 si vous ne le changez pas.`,
  },
  errors: {
    name: 'Entrez le nom de la boutique.',
    legalName: 'Au plus 200 caractères.',
    address: 'Au plus 300 caractères.',
    province: 'Choisissez une province ou un territoire.',
    timeZone: 'Entrez un fuseau horaire comme America/Toronto.',
    fiscalYearEnd: 'Entrez un jour au format MM-JJ, par exemple 12-31 ou 03-31.',
    gstHst:
      'Entrez 9 chiffres d’un numéro d’entreprise (le dernier étant son chiffre de contrôle), RT et 4 chiffres, par exemple 123456782 RT0001.',
    qst: 'Entrez 10 chiffres, TQ et 4 chiffres, par exemple 1234567890 TQ0001.',
    pst: 'Vérifiez les inscriptions à la TVP\u00a0: une fois par province.',
    email: 'Entrez une adresse courriel, par exemple commandes@votreboutique.ca.',
    phone: 'Entrez un numéro de téléphone, par exemple 514-555-0100.',
    brandColour:
      'Cette couleur est trop pâle\u00a0: un texte blanc sur elle a un contraste inférieur à 4,5:1. Choisissez-en une plus foncée.',
    logo: 'Choisissez un PNG ou un SVG simple d’au plus 1 Mo.',
    mailGreetingEn: GREETING_RULE_FR,
    mailGreetingFr: GREETING_RULE_FR,
    mailSignatureEn: SIGNATURE_RULE_FR,
    mailSignatureFr: SIGNATURE_RULE_FR,
    quoteWaitDays: `Entrez un nombre entier de jours de 1 à ${MAX_QUOTE_WAIT_DAYS}, par exemple 7.`,
  },
  logoCurrent: 'Le logo de la boutique',
  noLogo: 'Aucun logo\u00a0: le formulaire de commande affiche le nom de la boutique seul.',
  removeLogo: 'Retirer le logo (puis enregistrer)',
  logoSaved: 'Logo enregistré seul. Le formulaire de commande l’affiche dès maintenant.',
  pstRegistered: (province) => `Inscrite en ${province}`,
  pstNumber: (province) => `Numéro d’inscription, ${province} (facultatif)`,
  contrast: (ratio) => `Texte blanc sur cette couleur\u00a0: ${ratio}:1.`,
  sample: 'Bouton',
  save: 'Enregistrer les réglages de la boutique',
  saved: (version) =>
    `Enregistrés comme version ${version}. Les nouveaux documents et courriels les utilisent dès maintenant.`,
  summaryTitle: 'Les réglages n’ont pas été enregistrés',
  mail: 'Les courriels de la boutique',
  mailIntro:
    'La salutation et la signature de chaque courriel au client, dans chaque langue. Le reste de chaque courriel (son objet, le lien de la commande, les lignes de contact et les mentions légales) ne change pas. Un courriel prend les réglages en vigueur au moment de son envoi.',
  previewOf: (language) => `Aperçu\u00a0: un courriel de soumission en ${language}`,
  languageNames: { en: 'anglais', fr: 'français' },
  previewBody: (shop, reference, version, total) =>
    `${shop} a préparé la soumission v${version} de votre commande ${reference}\u00a0: total ${total}, taxes comprises.`,
  previewName: 'Ada',
  inbox: 'La boîte de réception',
  checklist: {
    heading: 'Préparez votre boutique',
    intro: 'Quelques étapes avant la première commande. Chacune est cochée une fois faite.',
    steps: {
      shopDetails: 'Coordonnées de la boutique\u00a0: nom, adresse, numéros de taxes',
      priceList: 'Liste de prix\u00a0: en publier une',
      paymentTerms: 'Conditions de paiement\u00a0: acompte et façons de payer',
      cardPayments:
        'Paiements par carte (Stripe)\u00a0: les clés sont en place, activez-les pour les acomptes, les soldes ou les deux',
      staff: 'Personnel\u00a0: un compte par personne (npm run staff -- add)',
      testOrder:
        'Une commande test\u00a0: en passer une sur le formulaire (aucun courriel au client, aucun numéro de facture)',
    },
    done: 'fait',
    toDo: 'à faire',
    dismiss: 'Masquer cette liste',
  },
};

export const SETTINGS_TEXT = catalogues(en, fr);
export const useSettingsText = textHook(SETTINGS_TEXT);
