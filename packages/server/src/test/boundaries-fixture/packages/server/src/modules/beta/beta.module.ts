// A fixture for boundaries.test.ts: beta's registration declares no dependency.
export default { name: 'beta', dependsOn: [] };
