/** The order ticket's public face: stage an order in the ticket from another panel. */
export { stageTicketOrder } from './staged-order';
