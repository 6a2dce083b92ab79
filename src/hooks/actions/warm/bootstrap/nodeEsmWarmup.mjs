// Imported by nodeBootstrap.cjs before it waits for a hook, so the ES module loader is ready when
// the hook's script is an ES module. It has nothing to do.
export {};
