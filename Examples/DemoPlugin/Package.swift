// swift-tools-version: 6.3
import PackageDescription

// The demo's plugin, a package of its own built with `swift build`: a `.dynamic` product that links
// LinkRouter as the LinkRouterDynamic product (never the static LinkRouter product, which would
// give the plugin a private copy whose records its host refuses). The demo (`swift run demo`)
// loads libDemoPlugin.so with dlopen when it lies next to the executable, and so does PluginHost,
// a host that links LinkRouterDynamic as well:
//
//   swift build --package-path Examples/DemoPlugin --scratch-path .build   (from the repository root)
//
// DemoGTKPlugin and GTKPluginHost are the same pair with a GTK window: both link
// LinkRouterGTKDynamic, LinkRouter and LinkRouterGTK in one shared library.
let settings: [SwiftSetting] = [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
/// What the plugin and its host link: LinkRouter and the service protocol, as shared libraries.
let sharedLibraries: [Target.Dependency] = [
    .product(name: "LinkRouterDynamic", package: "LinkRouter"),
    .product(name: "DemoShopInterfaces", package: "LinkRouter"),
]
/// What a GTK host and its plugins link: LinkRouter with LinkRouterGTK, one shared library.
let gtkSharedLibrary: [Target.Dependency] = [.product(name: "LinkRouterGTKDynamic", package: "LinkRouter")]

let package = Package(
    name: "DemoPlugin",
    platforms: [.macOS("26.0"), .iOS("26.0")],
    products: [
        .library(name: "DemoPlugin", type: .dynamic, targets: ["DemoPlugin"]),
        // A host that links LinkRouterDynamic too: `PluginHost .build/debug/libDemoPlugin.so`.
        .executable(name: "PluginHost", targets: ["PluginHost"]),
        // A plugin with a GTK page, and a host that shows it in its window: `GTKPluginHost
        // .build/debug/libDemoGTKPlugin.so shop://plugin/window` (with a display).
        .library(name: "DemoGTKPlugin", type: .dynamic, targets: ["DemoGTKPlugin"]),
        .executable(name: "GTKPluginHost", targets: ["GTKPluginHost"]),
    ],
    dependencies: [
        .package(name: "LinkRouter", path: "../.."),
    ],
    targets: [
        .target(name: "DemoPlugin", dependencies: sharedLibraries, swiftSettings: settings),
        .executableTarget(name: "PluginHost", dependencies: sharedLibraries, swiftSettings: settings),
        .target(name: "DemoGTKPlugin", dependencies: gtkSharedLibrary, swiftSettings: settings),
        .executableTarget(name: "GTKPluginHost", dependencies: gtkSharedLibrary, swiftSettings: settings),
    ]
)
