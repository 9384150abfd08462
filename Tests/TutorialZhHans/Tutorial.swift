// The target that carries the course's Chinese DocC tutorial catalog, RxDemo.docc (the English
// one is in Tests/Tutorial), so that Xcode's Product › Build Documentation finds it. It has no
// code of its own; `make tutorial` builds both catalogs with the toolchain's `docc`.
enum RxDemoTutorialZhHans {}
