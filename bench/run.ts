/**
 * `npm run bench [-- NAME...]`: runs the named benchmarks, or all of them. Each prints its figures and
 * ratios to its anchors and writes its own RESULTS.md. Add a bench by adding an entry here.
 */
const benches: Record<string, () => Promise<void>> = {
  mesh: async () => (await import('./mesh/mesh-bench.ts')).runMeshBench(),
  chat: async () => void (await import('./chat/chat-bench.ts')).runChatBench(),
  web: async () => (await import('./web/lighthouse-bench.ts')).runWebBench(),
  api: async () => (await import('./api/api-bench.ts')).runApiBench(),
  pricing: async () => (await import('./pricing/pricing-bench.ts')).runPricingBench(),
  'test-apps': async () => (await import('./test-apps/test-app-bench.ts')).runTestAppBench(),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`== bench ${name}`);
  await run();
}
