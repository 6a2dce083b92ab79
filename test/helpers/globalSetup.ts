// Placeholder replaced by the hook-runner work: verifies no hook process outlives the suite.
export default function setup(): void {}
