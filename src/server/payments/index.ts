// Card payments online through a provider (docs/payments.md): its public face. Other folders
// import this file only.
export { cardPaymentRoutes, webhookRoutes, WEBHOOK_PATH } from './payment-routes.js';
export { checkoutState, startCheckout, type CheckoutState } from './checkout.js';
export type { PaymentsDeps } from './deps.js';
export type { PaymentProvider } from './provider.js';
export { stripeProvider } from './stripe-provider.js';
// The fee pass (docs/payments.md, "Fees"): tests run it at once.
export { settleFees } from './fees.js';
