export * from './accounts';
export * from './catalog';
export * from './common';
export * from './content';
export * from './orders';
export * from './promotions';
export * from './system';
