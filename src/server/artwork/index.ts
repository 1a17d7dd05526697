// The artwork checks' public face: the queue that analyses each file in a child process, and
// what the order views and mails read of its results. Other folders import this file only.
export { artworkWarnings } from './artwork-mail.js';
export { toMeasured } from './artwork-queue.js';
export { artworkPlugin } from './artwork-plugin.js';
export { artworkOfOrders } from './artwork-store.js';
export { artworkQueueDepth } from './artwork-store.js';
export { graphicAspects } from './graphic-aspects.js';
export { checkMessageFile, type MessageFileCheck } from './message-file.js';
export { rasteriseLogo, type LogoRasterResult } from './logo-raster.js';
export { LOGO_MAX_ASPECT } from './analyse.js';
export { printPicture } from './print-picture.js';
