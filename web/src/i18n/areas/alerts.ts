// English strings of the alerts area, merged into en.ts under the key alerts.
export const alerts = {};
