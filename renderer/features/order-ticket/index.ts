/** The order ticket's public face: stage an order in the ticket from another panel. */
export { stageTicketOrder } from './staged-order';
/** What every order ticket shares (the stock ticket uses them too): the account, preview, buying power, confirmation and a refusal's words. */
export { useTicketAccount } from './use-ticket-account';
export { PreviewFigures } from './PreviewFigures';
export { buyingPowerShortfall } from './buying-power';
export { fieldMessage } from './server-field';
export { usePlaceOnce } from './use-place-once';
export { useConfirmedPlace } from './use-confirmed-place';
export { TicketActions } from './TicketActions';
