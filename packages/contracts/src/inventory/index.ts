export * from './inventory.js';
export * from './stock-movements.js';
export * from './spreadsheets.js';
export * from './cycle-counts.js';
export * from './stock-value.js';
