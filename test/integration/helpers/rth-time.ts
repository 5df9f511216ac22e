/** Wednesday 2026-11-18, 10:00 New York: inside regular trading hours. */
export const RTH_TIME = Date.parse('2026-11-18T15:00:00Z');
