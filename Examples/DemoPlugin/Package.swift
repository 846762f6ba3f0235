// swift-tools-version: 6.3
import PackageDescription

// The demo's plugin, a package of its own built with `swift build`: a `.dynamic` product that links
// LinkRouter as the LinkRouterDynamic product (never the static LinkRouter product, which would
// give the plugin a private copy whose records its host refuses). The demo (`swift run demo`)
// loads libDemoPlugin.so with dlopen when it lies next to the executable, and so does PluginHost,
// a host that links LinkRouterDynamic as well:
//
//   swift build --package-path Examples/DemoPlugin --scratch-path .build   (from the repository root)
let settings: [SwiftSetting] = [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
/// What the plugin and its host link: LinkRouter and the service protocol, as shared libraries.
let sharedLibraries: [Target.Dependency] = [
    .product(name: "LinkRouterDynamic", package: "LinkRouter"),
    .product(name: "DemoShopInterfaces", package: "LinkRouter"),
]

let package = Package(
    name: "DemoPlugin",
    platforms: [.macOS("26.0"), .iOS("26.0")],
    products: [
        .library(name: "DemoPlugin", type: .dynamic, targets: ["DemoPlugin"]),
        // A host that links LinkRouterDynamic too: `PluginHost .build/debug/libDemoPlugin.so`.
        .executable(name: "PluginHost", targets: ["PluginHost"]),
    ],
    dependencies: [
        .package(name: "LinkRouter", path: "../.."),
    ],
    targets: [
        .target(name: "DemoPlugin", dependencies: sharedLibraries, swiftSettings: settings),
        .executableTarget(name: "PluginHost", dependencies: sharedLibraries, swiftSettings: settings),
    ]
)
