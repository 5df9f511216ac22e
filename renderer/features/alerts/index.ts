/** The alerts feature's public face: set an alert from another panel, and read the alerts. */
export { requestAlert } from './request-alert';
export { useAlerts } from './use-alerts';
