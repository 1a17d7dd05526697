// Every text the customer sees on the order form, in one place, read with useOrderFormText().
// The English texts are contracts (docs/product.md), word for word; the Canadian French
// catalogue has the same shape, checked by the type.
import { formatBytes } from '../../../shared/order-presentation.js';
import type { PixelSize, PrintSize } from '../../../shared/print-size.js';
import { catalogues, textHook, type Language } from '../../shared/language.js';
import { PROVINCE_NAMES_FR } from '../../shared/provinces.js';
import {
  POLY_BAG_PRICE_CAD,
  STANDARD_TURNAROUND_DAYS,
  type ProvinceCode,
  type ViewName,
} from '../../../shared/constants.js';
import { deName } from '../../../shared/french.js';
import { methodNames } from '../../../shared/decoration-methods.js';

/** Inches as people write them: at most two decimals, a decimal comma in French. */
function inches(value: number, lang: Language): string {
  const text = String(Math.round(value * 100) / 100);
  return lang === 'fr' ? text.replace('.', ',') : text;
}

/** "10 in wide", "12 × 14 in", "10 po de large"… */
function printSizeText(size: PrintSize, lang: Language): string {
  const { widthIn, heightIn } = size;
  if (widthIn !== undefined && heightIn !== undefined) {
    return lang === 'fr'
      ? `${inches(widthIn, 'fr')} × ${inches(heightIn, 'fr')} po`
      : `${inches(widthIn, 'en')} × ${inches(heightIn, 'en')} in`;
  }
  if (widthIn !== undefined)
    return lang === 'fr' ? `${inches(widthIn, 'fr')} po de large` : `${inches(widthIn, 'en')} in wide`;
  return lang === 'fr' ? `${inches(heightIn ?? 0, 'fr')} po de haut` : `${inches(heightIn ?? 0, 'en')} in tall`;
}

export const en = {
  language: {
    /** The switch offers the other language, named in that language. */
    switchTo: 'Français',
    switchToLang: 'fr' as Language,
    switchLabel: 'Afficher le formulaire en français',
  },
  page: {
    title: 'Place your order, your way!',
    subtitle: 'Complete the form below to submit your custom order',
    formLabel: 'Order form',
    testMode:
      'Test order: it is marked Test in the inbox, mails no customer and takes no invoice number. Only signed-in staff can send one.',
  },
  notFound: {
    heading: '404',
    text: 'Oops! Page not found',
    home: 'Return to Home',
  },
  layout: {
    title: (n: number) => `Design Layout ${n}`,
    thumbnailAlt: (n: number) => `First mockup of Design Layout ${n}`,
    remove: 'Remove Layout',
    removeNamed: (n: number) => `Remove Layout ${n}`,
    removeHeading: (n: number) => `Remove Design Layout ${n}?`,
    removeWarning: 'Its mockups, graphics, garments and sizes will be taken out of this order. This cannot be undone.',
    keep: 'Keep it',
    removeConfirm: 'Yes, remove it',
    additionalQuestion: 'Are there additional graphic layouts for this job?',
    added: (n: number) => `Design Layout ${n} added.`,
    removed: 'Layout removed.',
  },
  honeypot: 'Leave this field empty',
  yes: 'Yes',
  no: 'No',
  chooseOption: 'Select an option',
  files: {
    remove: (name: string) => `Remove ${name}`,
    chosen: (count: number) => (count === 1 ? '1 file chosen' : `${count} files chosen`),
    size: (bytes: number) => formatBytes(bytes, 'en'),
    tooLarge: (name: string, limit: number) =>
      `“${name}” was not added: it is larger than the limit of ${formatBytes(limit, 'en')} per file.`,
    added: (count: number) => (count === 1 ? '1 file added.' : `${count} files added.`),
    removed: (name: string) => `${name} removed.`,
  },
  uploads: {
    uploading: (percent: number) => `Uploading ${percent}%`,
    done: 'Uploaded',
    stored: 'Already stored, no upload needed',
    paused: 'Paused until the connection is back',
    failed: 'Upload failed',
    retry: 'Retry',
    retryLabel: (name: string) => `Retry uploading ${name}`,
    // Announcements leave the file's name out: the list beside it says which file, and a live
    // region repeating names would read every file name twice.
    announceDone: 'A file finished uploading.',
    announcePaused: 'Uploads paused until the connection is back.',
    announceFailed: 'A file could not be uploaded: use Retry beside it, or submit and it will be sent with the order.',
  },
  artwork: {
    vector: 'Vector file: prints sharp at any size.',
    embroidery: 'For embroidery, the shop digitises your artwork.',
    sharp: (px: PixelSize, ppi: number, size: PrintSize) =>
      `${px.width}×${px.height} px · ${ppi} ppi at ${printSizeText(size, 'en')}: prints sharp.`,
    acceptable: (px: PixelSize, ppi: number, size: PrintSize, neededPx: number) =>
      `${px.width}×${px.height} px · ${ppi} ppi at ${printSizeText(size, 'en')}: acceptable. An image ${neededPx} px wide would print sharp.`,
    low: (ppi: number, size: PrintSize, neededPx: number) =>
      `At ${printSizeText(size, 'en')} this image is ${ppi} ppi: it may print blurry. Send a larger image (${neededPx} px wide) or a vector file.`,
    measuredOnly: (px: PixelSize, maxSharpIn: number) =>
      `This image is ${px.width}×${px.height} px: it prints sharp up to ${inches(maxSharpIn, 'en')} in wide. Write the print size in Graphic Dimensions (e.g. 10" wide) to check it.`,
  },
  sectionA: {
    heading: 'Section A - Mockups & Artwork',
    mockupOptions: 'Mockup Options',
    upload: 'Upload Mockups and artwork',
    create: 'Build my own',
    vectorQuestion: 'Does your mockup include vector files?',
    uploadMockup: 'Upload Mockup',
    studioHeading: 'Create a mockup using our Design Studio!',
    studioNote:
      'You can place your order directly in the Design Studio, or take a screenshot of your design and upload it here to continue with this form.',
    studioBannerAlt: 'Open our Design Studio (opens in a new tab)',
    viewsLegend: 'Graphics for each view',
    views: {
      Front: 'Front',
      Back: 'Back',
      'Left Sleeve': 'Left Sleeve',
      'Right Sleeve': 'Right Sleeve',
    } satisfies Record<ViewName, string>,
    noGraphic: 'No graphic uploaded',
    uploadGraphic: 'Upload Graphic',
    removeGraphic: 'Remove Graphic',
    graphicPreviewAlt: (view: string) => `${view} graphic`,
    graphicDimensions: 'Graphic Dimensions',
    dimensionsPlaceholder: 'e.g. 10" wide',
    decorationMethod: 'Decoration Method',
    inkColours: 'Ink colours',
    moreColours: (n: number) => `More than ${n} (priced on your quote)`,
    decorations: methodNames('en'),
  },
  sectionB: {
    heading: 'Section B - Garment Selection',
    garmentOptions: 'Garment Options',
    po: 'Information provided in a PO',
    pick: 'Pick my selection here',
    uploadPo: 'Upload PO',
    garmentDetails: 'Garment Details',
    variation: (n: number) => `Variation #${n}`,
    type: 'Garment Type or SKU',
    color: 'Color',
    sizes: 'Sizes and Quantities',
    sizesPlaceholder: 'e.g. S: 5, M: 10, L: 10, XL: 5',
    sizeBoxes: 'Quantities by size',
    sizeBox: (size: string) => `Quantity, size ${size}`,
    sizeBoxInvalid: 'A whole number from 0 to 100,000.',
    sizeBoxesUnread:
      'The text below names sizes this garment does not have, or cannot be read by size: edit it there, or clear it to use these boxes.',
    supplyingGoods: 'Are you supplying the goods?',
    itemPO: 'Item PO',
    removeVariation: 'Remove Garment Variation',
    addVariation: 'Add Another Garment Variation',
    teamSizes: 'Collect sizes from a team',
  },
  sectionC: {
    heading: 'Section C - Billing & Shipping Info',
    revealed: 'Billing, shipping and deadline questions are now shown below the layouts.',
    billing: 'Billing Information',
    shipping: 'Shipping Address',
    firstName: 'First Name',
    lastName: 'Last Name',
    companyName: 'Company Name',
    address: 'Address',
    city: 'City',
    province: 'Province',
    chooseProvince: 'Select a province or territory',
    postalCode: 'Postal Code',
    phone: 'Phone',
    email: 'Email',
    requiredNote: 'Fields marked * are required.',
    sameAsBilling: 'Same as billing address',
    localPickup: 'Local Pickup',
    deadline: 'Deadline',
    deadlineQuestion: 'Do you have a critical deadline?',
    standardTurnaround: `Standard ${STANDARD_TURNAROUND_DAYS}-day turnaround`,
    rushDeadline: 'Yes, I have a critical deadline',
    requestedDate: 'Requested Completion Date',
    turnaroundNote: `Not all rush requests can be accommodated, but all dates past the ${STANDARD_TURNAROUND_DAYS}-day turnaround will be met.`,
    jobNotes: 'Job Notes and Additional Details',
    jobNotesPlaceholder: 'Any additional information we should know about your order...',
  },
  provinces: {
    AB: 'Alberta',
    BC: 'British Columbia',
    MB: 'Manitoba',
    NB: 'New Brunswick',
    NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia',
    NT: 'Northwest Territories',
    NU: 'Nunavut',
    ON: 'Ontario',
    PE: 'Prince Edward Island',
    QC: 'Quebec',
    SK: 'Saskatchewan',
    YT: 'Yukon',
  } satisfies Record<ProvinceCode, string>,
  options: {
    heading: 'Additional Options',
    resalePartner: 'Are you a resale partner of ours?',
    polyBags: `Include biodegradable poly bags at $${POLY_BAG_PRICE_CAD.toFixed(2)} a piece`,
  },
  fieldErrors: {
    summaryTitle: 'There is a problem',
    address: {
      firstName: 'Enter a first name',
      lastName: 'Enter a last name',
      companyName: 'Enter a company name of 200 characters or fewer',
      address: 'Enter a street address',
      city: 'Enter a city',
      province: 'Select a province or territory',
      postalCode: 'Enter a postal code, like B3H 1A1',
      phone: 'Enter a phone number, like 902-555-0100',
      email: 'Enter an email address, like name@example.com',
    },
    /** In the summary, where billing and shipping share the same labels. */
    inShipping: (message: string) => `Shipping address: ${message}`,
    deadlineDate: 'Enter the requested completion date, like 2026-12-31',
    jobNotes: 'Enter job notes of 20,000 characters or fewer',
    layout: {
      mockupOption: 'Select a mockup option',
      hasVectorFiles: 'Select yes if your mockup includes vector files',
      dimensions: (view: string) => `Enter the ${view} graphic dimensions in 200 characters or fewer`,
      decoration: (view: string) => `Select a decoration method for the ${view} graphic`,
      garmentOption: 'Select a garment option',
      type: 'Enter a garment type or SKU of 200 characters or fewer',
      color: 'Enter a color of 200 characters or fewer',
      sizes: 'Enter the sizes and quantities, like S: 5, M: 10',
      supplyingGoods: 'Select yes if you are supplying the goods',
      itemPO: 'Enter an item PO of 200 characters or fewer',
      collectionOpen: 'Close the team’s size entries before you send the order',
    },
    /** In the summary, so the customer knows which layout to open. */
    inLayout: (n: number, message: string) => `Design Layout ${n}: ${message}`,
  },
  draft: {
    restored: 'We restored the order you had started on this device.',
    startOver: 'Start over',
    cleared: 'The form was cleared.',
  },
  submit: {
    button: 'Submit Order',
    sending: 'Submitting your order…',
    waiting: (count: number) => (count === 1 ? 'Waiting for 1 upload…' : `Waiting for ${count} uploads…`),
    progressLabel: 'Upload progress',
    progress: (sent: number, total: number) =>
      `${total ? Math.floor((sent / total) * 100) : 100}% sent (${formatBytes(sent, 'en')} of ${formatBytes(total, 'en')})`,
    cancel: 'Cancel sending',
    cancelled: 'Sending was cancelled. Your order is still here; submit it again when you are ready.',
    success: 'Thank you! Your order has been submitted successfully.',
    failure: 'Failed to submit order. Please try again.',
    expired: 'This page has expired. Please reload the page, then submit again: your entries and files are kept.',
    reference: (reference: string) => `Your order reference is ${reference}.`,
    dismiss: 'Dismiss',
  },
};

export type Messages = typeof en;

export const fr: Messages = {
  language: {
    switchTo: 'English',
    switchToLang: 'en',
    switchLabel: 'Show the form in English',
  },
  page: {
    title: 'Passez votre commande, à votre façon\u202f!',
    subtitle: 'Remplissez le formulaire ci-dessous pour soumettre votre commande personnalisée',
    formLabel: 'Formulaire de commande',
    testMode:
      'Commande test\u00a0: elle est marquée Test dans la boîte de réception, n’envoie aucun courriel au client et ne prend aucun numéro de facture. Seul le personnel connecté peut en envoyer une.',
  },
  notFound: {
    heading: '404',
    text: 'Oups\u202f! Page introuvable',
    home: 'Retour à l’accueil',
  },
  layout: {
    title: (n) => `Disposition graphique ${n}`,
    thumbnailAlt: (n) => `Première maquette de la disposition graphique ${n}`,
    remove: 'Retirer la disposition',
    removeNamed: (n) => `Retirer la disposition ${n}`,
    removeHeading: (n) => `Retirer la disposition graphique ${n}\u202f?`,
    removeWarning:
      'Ses maquettes, graphiques, vêtements et tailles seront retirés de cette commande. Cette action est définitive.',
    keep: 'La garder',
    removeConfirm: 'Oui, la retirer',
    additionalQuestion: 'Y a-t-il d’autres dispositions graphiques pour cette commande\u202f?',
    added: (n) => `Disposition graphique ${n} ajoutée.`,
    removed: 'Disposition retirée.',
  },
  honeypot: 'Laissez ce champ vide',
  yes: 'Oui',
  no: 'Non',
  chooseOption: 'Choisissez une option',
  files: {
    remove: (name) => `Retirer ${name}`,
    chosen: (count) => (count === 1 ? '1 fichier choisi' : `${count} fichiers choisis`),
    size: (bytes) => formatBytes(bytes, 'fr'),
    tooLarge: (name, limit) =>
      `«\u00a0${name}\u00a0» n’a pas été ajouté\u00a0: il dépasse la limite de ${formatBytes(limit, 'fr')} par fichier.`,
    added: (count) => (count === 1 ? '1 fichier ajouté.' : `${count} fichiers ajoutés.`),
    removed: (name) => `${name} retiré.`,
  },
  uploads: {
    uploading: (percent) => `Téléversement ${percent} %`,
    done: 'Téléversé',
    stored: 'Déjà enregistré, aucun téléversement',
    paused: 'En pause jusqu’au retour de la connexion',
    failed: 'Échec du téléversement',
    retry: 'Réessayer',
    retryLabel: (name) => `Réessayer le téléversement ${deName(name)}`,
    announceDone: 'Le téléversement d’un fichier est terminé.',
    announcePaused: 'Téléversements en pause jusqu’au retour de la connexion.',
    announceFailed:
      'Un fichier n’a pas pu être téléversé\u00a0: utilisez Réessayer à côté de lui, ou soumettez la commande et il sera envoyé avec elle.',
  },
  artwork: {
    vector: 'Fichier vectoriel\u00a0: impression nette à toute taille.',
    embroidery: 'Pour la broderie, notre atelier numérise votre illustration.',
    sharp: (px, ppi, size) =>
      `${px.width} × ${px.height} px · ${ppi} ppp à ${printSizeText(size, 'fr')}\u00a0: impression nette.`,
    acceptable: (px, ppi, size, neededPx) =>
      `${px.width} × ${px.height} px · ${ppi} ppp à ${printSizeText(size, 'fr')}\u00a0: acceptable. Une image de ${neededPx} px de large s’imprimerait nettement.`,
    low: (ppi, size, neededPx) =>
      `À ${printSizeText(size, 'fr')}, cette image fait ${ppi} ppp\u00a0: elle risque d’être floue à l’impression. Envoyez une image plus grande (${neededPx} px de large) ou un fichier vectoriel.`,
    measuredOnly: (px, maxSharpIn) =>
      `Cette image fait ${px.width} × ${px.height} px\u00a0: elle s’imprime nettement jusqu’à ${inches(maxSharpIn, 'fr')} po de large. Indiquez la taille d’impression dans «\u00a0Dimensions du graphique\u00a0» (p. ex. 10 po de large) pour la vérifier.`,
  },
  sectionA: {
    heading: 'Section A - Maquettes et illustrations',
    mockupOptions: 'Options de maquette',
    upload: 'Téléverser des maquettes et des illustrations',
    create: 'Créer la mienne',
    vectorQuestion: 'Votre maquette comprend-elle des fichiers vectoriels\u202f?',
    uploadMockup: 'Téléverser une maquette',
    studioHeading: 'Créez une maquette avec notre studio de design\u202f!',
    studioNote:
      'Vous pouvez passer votre commande directement dans le studio de design, ou faire une capture d’écran de votre design et la téléverser ici pour continuer avec ce formulaire.',
    studioBannerAlt: 'Ouvrir notre studio de design (dans un nouvel onglet)',
    viewsLegend: 'Graphiques pour chaque vue',
    views: { Front: 'Devant', Back: 'Dos', 'Left Sleeve': 'Manche gauche', 'Right Sleeve': 'Manche droite' },
    noGraphic: 'Aucun graphique téléversé',
    uploadGraphic: 'Téléverser un graphique',
    removeGraphic: 'Retirer le graphique',
    graphicPreviewAlt: (view) => `Graphique\u00a0: ${view}`,
    graphicDimensions: 'Dimensions du graphique',
    dimensionsPlaceholder: 'p. ex. 10 po de large',
    decorationMethod: 'Méthode de décoration',
    inkColours: 'Couleurs d’encre',
    moreColours: (n) => `Plus de ${n} (prix dans votre soumission)`,
    decorations: methodNames('fr'),
  },
  sectionB: {
    heading: 'Section B - Choix des vêtements',
    garmentOptions: 'Options de vêtements',
    po: 'Information fournie dans un bon de commande',
    pick: 'Faire ma sélection ici',
    uploadPo: 'Téléverser le bon de commande',
    garmentDetails: 'Détails du vêtement',
    variation: (n) => `Variante no ${n}`,
    type: 'Type de vêtement ou UGS',
    color: 'Couleur',
    sizes: 'Tailles et quantités',
    sizesPlaceholder: 'p. ex. P\u00a0: 5, M\u00a0: 10, G\u00a0: 10, TG\u00a0: 5',
    sizeBoxes: 'Quantités par taille',
    sizeBox: (size) => `Quantité, taille ${size}`,
    sizeBoxInvalid: 'Un nombre entier de 0 à 100 000.',
    sizeBoxesUnread:
      'Le texte ci-dessous nomme des tailles que ce vêtement n’a pas, ou ne se lit pas par taille\u00a0: modifiez-le, ou videz-le pour utiliser ces cases.',
    supplyingGoods: 'Fournissez-vous les vêtements\u202f?',
    itemPO: 'Bon de commande de l’article',
    removeVariation: 'Retirer la variante',
    addVariation: 'Ajouter une autre variante',
    teamSizes: 'Recueillir les tailles d’une équipe',
  },
  sectionC: {
    heading: 'Section C - Facturation et livraison',
    revealed: 'Les questions de facturation, de livraison et d’échéance s’affichent maintenant sous les dispositions.',
    billing: 'Renseignements de facturation',
    shipping: 'Adresse de livraison',
    firstName: 'Prénom',
    lastName: 'Nom',
    companyName: 'Nom de l’entreprise',
    address: 'Adresse',
    city: 'Ville',
    province: 'Province',
    chooseProvince: 'Choisissez une province ou un territoire',
    postalCode: 'Code postal',
    phone: 'Téléphone',
    email: 'Courriel',
    requiredNote: 'Les champs marqués d’un * sont obligatoires.',
    sameAsBilling: 'Identique à l’adresse de facturation',
    localPickup: 'Cueillette sur place',
    deadline: 'Échéance',
    deadlineQuestion: 'Avez-vous une échéance critique\u202f?',
    standardTurnaround: `Délai standard de ${STANDARD_TURNAROUND_DAYS} jours`,
    rushDeadline: 'Oui, j’ai une échéance critique',
    requestedDate: 'Date d’achèvement souhaitée',
    turnaroundNote: `Nous ne pouvons pas accepter toutes les demandes urgentes, mais toutes les dates au-delà du délai de ${STANDARD_TURNAROUND_DAYS} jours seront respectées.`,
    jobNotes: 'Notes et détails supplémentaires',
    jobNotesPlaceholder: 'Toute autre information que nous devrions connaître sur votre commande...',
  },
  provinces: PROVINCE_NAMES_FR,

  options: {
    heading: 'Options supplémentaires',
    resalePartner: 'Êtes-vous l’un de nos partenaires revendeurs\u202f?',
    polyBags: `Inclure des sacs de plastique biodégradables à ${POLY_BAG_PRICE_CAD.toFixed(2).replace('.', ',')} $ l’unité`,
  },
  fieldErrors: {
    summaryTitle: 'Il y a un problème',
    address: {
      firstName: 'Entrez un prénom',
      lastName: 'Entrez un nom',
      companyName: 'Entrez un nom d’entreprise de 200 caractères ou moins',
      address: 'Entrez une adresse',
      city: 'Entrez une ville',
      province: 'Choisissez une province ou un territoire',
      postalCode: 'Entrez un code postal, comme B3H 1A1',
      phone: 'Entrez un numéro de téléphone, comme 902-555-0100',
      email: 'Entrez une adresse courriel, comme nom@exemple.com',
    },
    inShipping: (message) => `Adresse de livraison\u00a0: ${message}`,
    deadlineDate: 'Entrez la date d’achèvement souhaitée, comme 2026-12-31',
    jobNotes: 'Entrez des notes de 20 000 caractères ou moins',
    layout: {
      mockupOption: 'Choisissez une option de maquette',
      hasVectorFiles: 'Choisissez oui si votre maquette comprend des fichiers vectoriels',
      dimensions: (view) => `Entrez les dimensions du graphique (${view}) en 200 caractères ou moins`,
      decoration: (view) => `Choisissez une méthode de décoration pour le graphique (${view})`,
      garmentOption: 'Choisissez une option de vêtements',
      type: 'Entrez un type de vêtement ou une UGS de 200 caractères ou moins',
      color: 'Entrez une couleur de 200 caractères ou moins',
      sizes: 'Entrez les tailles et les quantités, comme P\u00a0: 5, M\u00a0: 10',
      supplyingGoods: 'Choisissez oui si vous fournissez les vêtements',
      itemPO: 'Entrez un bon de commande d’article de 200 caractères ou moins',
      collectionOpen: 'Fermez les inscriptions de tailles de l’équipe avant d’envoyer la commande',
    },
    inLayout: (n, message) => `Disposition graphique ${n}\u00a0: ${message}`,
  },
  draft: {
    restored: 'Nous avons rétabli la commande que vous aviez commencée sur cet appareil.',
    startOver: 'Recommencer',
    cleared: 'Le formulaire a été vidé.',
  },
  submit: {
    button: 'Soumettre la commande',
    sending: 'Envoi de votre commande…',
    waiting: (count) => (count === 1 ? 'En attente de 1 téléversement…' : `En attente de ${count} téléversements…`),
    progressLabel: 'Progression de l’envoi',
    progress: (sent, total) =>
      `${total ? Math.floor((sent / total) * 100) : 100} % envoyé (${formatBytes(sent, 'fr')} sur ${formatBytes(total, 'fr')})`,
    cancel: 'Annuler l’envoi',
    cancelled:
      'L’envoi a été annulé. Votre commande est toujours ici\u202f; soumettez-la de nouveau quand vous serez prêt.',
    success: 'Merci\u202f! Votre commande a été soumise avec succès.',
    failure: 'La soumission de la commande a échoué. Veuillez réessayer.',
    expired:
      'Cette page a expiré. Veuillez recharger la page, puis soumettre de nouveau\u00a0: vos entrées et vos fichiers sont conservés.',
    reference: (reference) => `Le numéro de référence de votre commande est ${reference}.`,
    dismiss: 'Fermer',
  },
};

export const ORDER_FORM_MESSAGES = catalogues(en, fr);

/** The order form's texts in the page's language. */
export const useOrderFormText = textHook(ORDER_FORM_MESSAGES);
