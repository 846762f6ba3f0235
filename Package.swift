// swift-tools-version: 6.1
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "LinkRouter",
    products: [
        .library(name: "LinkRouter", targets: ["LinkRouter"]),
        .executable(name: "routes", targets: ["routes"]),
        .executable(name: "demo", targets: ["demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Route pattern syntax: parsed by the core at run time and by the macros at compile time.
        .target(name: "RoutePatterns", swiftSettings: strictSettings),
        // The router itself: URL parsing, matching, parameters, register/open. Standard library only.
        .target(name: "LinkRouterCore", dependencies: ["RoutePatterns"], swiftSettings: strictSettings),
        // What apps import.
        .target(name: "LinkRouter", dependencies: ["LinkRouterCore"], swiftSettings: strictSettings),

        .executableTarget(
            name: "routes",
            dependencies: [
                "LinkRouterCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/routes",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "demo",
            dependencies: ["LinkRouter"],
            path: "Examples/Demo",
            swiftSettings: strictSettings
        ),

        .testTarget(name: "RoutePatternsTests", dependencies: ["RoutePatterns"], swiftSettings: strictSettings),
        .testTarget(name: "LinkRouterCoreTests", dependencies: ["LinkRouterCore"], swiftSettings: strictSettings),
        .testTarget(name: "EndToEndTests", swiftSettings: strictSettings),
    ]
)
