// English strings of the dashboard's favorites, curator toolbar and company picker, merged into en.ts under the key dashboardTools.
export const dashboardTools = {};
