// Where a background upload is remembered in this browser (background-uploads.ts): the key
// tus-js-client keeps its upload URL under, and the key of the upload's secret beside it.
export const fingerprintOf = (entryId: string) => `order-form-upload:${entryId}`;
export const secretKeyOf = (entryId: string) => `order-form-upload-secret:${entryId}`;
