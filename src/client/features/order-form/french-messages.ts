// The order form's texts in Canadian French, of the English catalogue's shape (messages.ts).
// A chunk of its own: the page loads it only when it is shown in French.
import { formatBytes } from '../../../shared/format-bytes.js';
import { PROVINCE_NAMES_FR } from '../../shared/provinces.js';
import { POLY_BAG_PRICE_CAD, STANDARD_TURNAROUND_DAYS } from '../../../shared/constants.js';
import { deName } from '../../../shared/french.js';
import { methodNames } from '../../../shared/decoration-methods.js';
import type { Messages } from './messages.js';
import { inches, printSizeText } from './print-size-text.js';

export const fr: Messages = {
  language: {
    switchTo: 'English',
    switchToLang: 'en',
    switchLabel: 'Show the form in English',
  },
  page: {
    myOrders: 'Vos commandes passées et en cours sont dans Mes commandes',
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
    title: (n) => `Design ${n}`,
    thumbnailAlt: (n) => `Première maquette du design ${n}`,
    remove: 'Retirer le design',
    removeNamed: (n) => `Retirer le design ${n}`,
    removeHeading: (n) => `Retirer le design ${n}\u202f?`,
    removeWarning:
      'Ses maquettes, graphiques, vêtements et tailles seront retirés de cette commande. Cette action est définitive.',
    keep: 'La garder',
    removeConfirm: 'Oui, la retirer',
    additionalQuestion: 'Y a-t-il d’autres designs pour cette commande\u202f?',
    added: (n) => `Design ${n} ajouté.`,
    removed: 'Design retiré.',
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
    placementsLegend: 'Où et comment va chaque décoration',
    vectorNote:
      'Nous prenons chaque graphique, ses formes et ses couleurs dans vos fichiers vectoriels. Dites-nous où et comment va chacun\u00a0: pour chaque vue, son emplacement, sa taille d’impression, sa méthode de décoration et ses couleurs d’encre.',
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
    type: 'Type de vêtement ou code du produit',
    color: 'Couleur',
    sizes: 'Tailles et quantités',
    sizesPlaceholder: 'p. ex. S\u00a0: 5, M\u00a0: 10, L\u00a0: 10, XL\u00a0: 5',
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
    teamFilled:
      'Tant que la collecte de l’équipe est en cours, ces tailles sont remplies à partir des inscriptions et des pièces que vous ajoutez dans le panneau ci-dessous\u202f; c’est ce que la commande envoie.',
  },
  sectionC: {
    heading: 'Section C - Facturation et livraison',
    revealed: 'Les questions de facturation, de livraison et d’échéance s’affichent maintenant sous les designs.',
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
    deadlineDate: 'Entrez la date d’achèvement souhaitée\u00a0: jour, mois et année',
    jobNotes: 'Entrez des notes de 20 000 caractères ou moins',
    layout: {
      mockupOption: 'Choisissez une option de maquette',
      hasVectorFiles: 'Choisissez oui si votre maquette comprend des fichiers vectoriels',
      dimensions: (view) => `Entrez les dimensions du graphique (${view}) en 200 caractères ou moins`,
      decoration: (view) => `Choisissez une méthode de décoration pour le graphique (${view})`,
      garmentOption: 'Choisissez une option de vêtements',
      type: 'Entrez un type de vêtement ou un code du produit de 200 caractères ou moins',
      color: 'Entrez une couleur de 200 caractères ou moins',
      sizes: 'Entrez les tailles et les quantités, comme S\u00a0: 5, M\u00a0: 10',
      supplyingGoods: 'Choisissez oui si vous fournissez les vêtements',
      itemPO: 'Entrez un bon de commande d’article de 200 caractères ou moins',
      collectionOpen: 'Fermez les inscriptions de tailles de l’équipe avant d’envoyer la commande',
    },
    inLayout: (n, message) => `Design ${n}\u00a0: ${message}`,
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
    myOrders: 'Suivez-la, comme toutes vos commandes, dans Mes commandes',
  },
};
