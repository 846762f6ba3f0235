// swift-tools-version: 6.3
import PackageDescription

// The demo's plugin, a package of its own built with `swift build`: a `.dynamic` product that links
// LinkRouter as the LinkRouterDynamic product (never the static LinkRouter product, which would
// give the plugin a private copy whose records its host refuses). The demo (`swift run demo`)
// loads libDemoPlugin.so with dlopen when it lies next to the executable:
//
//   swift build --package-path Examples/DemoPlugin --scratch-path .build   (from the repository root)
let package = Package(
    name: "DemoPlugin",
    platforms: [.macOS("26.0"), .iOS("26.0")],
    products: [
        .library(name: "DemoPlugin", type: .dynamic, targets: ["DemoPlugin"]),
    ],
    dependencies: [
        .package(name: "LinkRouter", path: "../.."),
    ],
    targets: [
        .target(
            name: "DemoPlugin",
            dependencies: [
                .product(name: "LinkRouterDynamic", package: "LinkRouter"),
                // The service protocol the plugin implements, also a shared library.
                .product(name: "DemoShopInterfaces", package: "LinkRouter"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
