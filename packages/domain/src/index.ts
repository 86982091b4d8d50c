// The public surface of @facet/domain: pure logic shared by the browser, the server and workers.
export * from './rules/index';
export * from './chat/index';
export * from './mesh/index';
export * from './catalog/index';
export * from './pricing/index';
export * from './workflow/index';
export * from './format/index';
export * from './money/index';
export * from './parametric/index';
export * from './design/index';
export * from './notifications/index';
