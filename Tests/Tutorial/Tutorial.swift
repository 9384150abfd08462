// The target that carries the course's DocC tutorial catalog, RxDemo.docc, so that Xcode's
// Product › Build Documentation finds it (a catalog must belong to a target). It has no code
// of its own; `make tutorial` builds the same catalog with the toolchain's `docc`.
enum RxDemoTutorial {}
