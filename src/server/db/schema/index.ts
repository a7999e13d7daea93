export * from './accounts';
export * from './catalog';
export * from './common';
export * from './content';
export * from './promotions';
export * from './system';
