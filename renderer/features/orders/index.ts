/** The orders feature's public face: how an order or a position names its contract. */
export { orderContract, positionContract } from './order-text';
