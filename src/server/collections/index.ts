// Sizes collected from a team by a link (docs/collections.md): the organiser's collection, the
// members' entries, the roll-up, and the order they fill. The public face: other folders import this file only.
export { collectionRoutes } from './collection-routes.js';
export { teamSizesAtSubmission } from './order-team-sizes.js';
