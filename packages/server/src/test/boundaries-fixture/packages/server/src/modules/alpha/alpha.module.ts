// A fixture for boundaries.test.ts: alpha's registration declares that it builds on beta.
export default { name: 'alpha', dependsOn: ['beta'] };
