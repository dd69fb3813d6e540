export * from './inventory.js';
export * from './stock-movements.js';
