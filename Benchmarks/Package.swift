// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for LinkRouter, kept in a nested package so the main package does not depend on
// the benchmark machinery. Run with `swift package benchmark` from this directory.

// A path dependency's package identity is its directory name, which depends on where the
// repository was cloned: take it from the parent of this package's directory.
let linkRouterPackage = Context.packageDirectory
    .split(separator: "/", omittingEmptySubsequences: true)
    .dropLast()
    .last
    .map(String.init) ?? "LinkRouter"

let package = Package(
    name: "LinkRouterBenchmarks",
    platforms: [
        // LinkRouter uses Synchronization.Mutex and InlineArray.
        .macOS("26.0"),
        .iOS("26.0"),
    ],
    dependencies: [
        .package(path: "../"),
        // Only the malloc interposer (for `mallocCountTotal`); leaving out the default
        // `RuntimeInterposer` trait also leaves out its swift-runtime-interposer dependency.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
        // Hummingbird's router trie, timed through its `@_spi(Internal)` builder and public
        // `RouterTrie.resolve(_:)`. Without the default traits (swift-configuration, full
        // Foundation), which the router does not need.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    ],
    targets: [
        // 10,000 route records planted with the C registration macro, for the discovery benchmark.
        .target(
            name: "ManyRouteRecords",
            dependencies: [.product(name: "LinkRouterRecordABI", package: linkRouterPackage)],
            path: "Benchmarks/ManyRouteRecords"
        ),
        .executableTarget(
            name: "RouterBenchmarks",
            dependencies: [
                "ManyRouteRecords",
                .product(name: "LinkRouter", package: linkRouterPackage),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Benchmarks/RouterBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
