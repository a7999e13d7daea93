export * from './accounts';
export * from './catalog';
export * from './common';
export * from './content';
export * from './orders';
export * from './pintuan';
export * from './promotions';
export * from './system';
