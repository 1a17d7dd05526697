// Sizes collected from a team by a link (docs/collections.md): the organiser's collection, the
// members' entries, the roll-up. The public face: other folders import this file only.
export { collectionRoutes } from './collection-routes.js';
