/** The orders feature's public face: how an order or a position names its contract and its side. */
export { orderContract, orderSize, partFillText, positionContract, sideLabel } from './order-text';
export { refreshTrading } from './use-trade-events';
