export * from './orders.js';
export * from './suggestions.js';
