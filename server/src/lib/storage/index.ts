/** Storage drivers behind one interface (DESIGN.md 'The shape of the system'). */
export * from './driver.js';
export * from './keys.js';
export { LocalDiskStorage, createLocalStorage } from './local-disk.js';
