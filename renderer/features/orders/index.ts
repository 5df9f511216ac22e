/** The orders feature's public face: how an order or a position names its contract and its side. */
export { orderContract, positionContract, sideLabel } from './order-text';
