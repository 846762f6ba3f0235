// swift-tools-version: 6.3
import CompilerPluginSupport
import PackageDescription

// Swift 6.3 is the minimum: route records are declared with `@section` and `@used` (SE-0492),
// and the matcher uses 6.2's `InlineArray`.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "LinkRouter",
    // Linux is the target today; on Apple platforms the core's Mutex, Atomic and InlineArray need these.
    platforms: [.macOS("26.0"), .iOS("26.0")],
    products: [
        .library(name: "LinkRouter", targets: ["LinkRouter"]),
        // LinkRouter as a shared library, for plugins and the hosts that load them: every image that
        // links it shares its one copy, so a plugin's pages are its host's `Routable`s. It holds
        // LinkRouterTesting and LinkRouterDesktop too, so that a host's test target checks its routes
        // with the same copy and a host imports the desktop features from it: the products of those
        // names are static, and each would link a second copy of the core beside it (SwiftPM links
        // a static product's every target, and a target cannot depend on a product of its own package).
        .library(name: "LinkRouterDynamic", type: .dynamic, targets: ["LinkRouter", "LinkRouterTesting", "LinkRouterDesktop"]),
        // LinkRouterDynamic with LinkRouterGTK, for a plugin host with GTK windows and its plugins:
        // host, windows and plugins share its one copy of the core. A process loads one of the two.
        .library(
            name: "LinkRouterGTKDynamic", type: .dynamic, targets: ["LinkRouter", "LinkRouterTesting", "LinkRouterDesktop", "LinkRouterGTK"]
        ),
        // For an app's test targets: checks that its annotated routes and services are sound.
        .library(name: "LinkRouterTesting", targets: ["LinkRouterTesting"]),
        // For C modules that register routes with LINKROUTER_C_ACTION.
        .library(name: "LinkRouterRecordABI", targets: ["CRouteRecord"]),
        .executable(name: "routes", targets: ["routes"]),
        // `swift package check-routes` and `swift package generate-routes` in a package that depends on LinkRouter.
        .plugin(name: "CheckRoutes", targets: ["CheckRoutes"]),
        .plugin(name: "GenerateRoutes", targets: ["GenerateRoutes"]),
        // `swift package generate-links`: the app-link files (apple-app-site-association, intent filters, ...) of `routes links`.
        .plugin(name: "GenerateLinks", targets: ["GenerateLinks"]),
        .executable(name: "demo", targets: ["demo"]),
        // Desktop features that need no GTK: handing URLs to the desktop's opener, writing a
        // `.desktop` entry. Depends on the core only (tools use it too).
        .library(name: "LinkRouterDesktop", targets: ["LinkRouterDesktop"]),
        // A Navigator over GTK 4 / libadwaita windows, pages that build widgets, GApplication deep
        // links. Only apps that depend on it build or link GTK.
        .library(name: "LinkRouterGTK", targets: ["LinkRouterGTK"]),
        .executable(name: "shop-desktop", targets: ["shop-desktop"]),
        // The protocols the demo's plugin implements, for Examples/DemoPlugin (a package of its own).
        .library(name: "DemoShopInterfaces", type: .dynamic, targets: ["ShopInterfaces"]),
        // A plugin built the wrong way, with a private copy of LinkRouter: the demo refuses its records.
        .library(name: "DemoPluginPrivateCopy", type: .dynamic, targets: ["DemoPluginPrivateCopy"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Every release the macros build with (600.0.1, 602.0.0 and 603.0.1 checked).
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
        // `swift package generate-documentation` (scripts/test builds the DocC catalogs with it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Byte-level helpers of the URL and pattern parsers, public and @inlinable so the parsers'
        // hot loops in other modules inline them; not re-exported to apps.
        .target(name: "ByteParsing", swiftSettings: strictSettings),
        // Route pattern syntax: parsed by the core at run time and by the macros at compile time.
        .target(name: "RoutePatterns", dependencies: ["ByteParsing"], swiftSettings: strictSettings),
        // Services: an implementation per protocol, registered by hand or by discovery; no routes needed.
        .target(name: "LinkRouterServices", swiftSettings: strictSettings),
        // The router itself: URL parsing, matching, parameters, register/open, the open pipeline,
        // navigation; offers services. Standard library, Synchronization and FoundationEssentials' UUID.
        .target(
            name: "LinkRouterCore", dependencies: ["ByteParsing", "RoutePatterns", "LinkRouterServices"],
            swiftSettings: strictSettings
        ),
        // Reads the dynamic route table's JSON document; the only module that needs Foundation's JSON.
        .target(name: "RouteTableJSON", dependencies: ["LinkRouterCore"], swiftSettings: strictSettings),
        // The route record ABI: layout, section name, magic, the C registration macro.
        .target(name: "CRouteRecord"),
        // The same ABI stated once in Swift (kinds, flags, magic, versions, sizes) and the one codec
        // that writes and reads records, for the macros, the reader, discovery and the tool;
        // RouteRecordLayoutTests checks it against the C header.
        .target(name: "RouteRecordLayout", dependencies: ["ByteParsing", "RoutePatterns"], swiftSettings: strictSettings),
        // dl_iterate_phdr needs _GNU_SOURCE, which Swift's Glibc module does not define.
        .target(name: "CLoadedImages", cSettings: [.define("_GNU_SOURCE")]),
        .systemLibrary(name: "CLibELF", pkgConfig: "libelf", providers: [.apt(["libelf-dev"])]),
        // Reads route records from ELF files on disk and from this process's loaded images.
        .target(
            name: "RouteRecordReader",
            dependencies: ["LinkRouterCore", "RoutePatterns", "RouteRecordLayout", "CLoadedImages", "CLibELF"],
            swiftSettings: strictSettings
        ),
        // @Routable and #route: expand annotations into route records, check patterns at compile time.
        .macro(
            name: "LinkRouterMacros",
            dependencies: [
                "RoutePatterns", "RouteRecordLayout",
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
        // What apps import: the core, the macros, route discovery wired to the router.
        .target(
            name: "LinkRouter",
            dependencies: [
                "LinkRouterCore", "RouteTableJSON", "LinkRouterMacros", "RouteRecordReader", "RouteRecordLayout", "CRouteRecord",
                // Re-exported through LinkRouterCore; named here so that its DocC articles link to their pages.
                "LinkRouterServices", "RoutePatterns",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings,
            // Its build identity, the hash of the sources it is built from: a plugin compiled
            // against other sources is refused (HowDiscoveryWorks.md, "Plugins").
            plugins: ["BuildIdentity"]
        ),
        // Desktop features without GTK: DesktopOpenerDispatcher (posix_spawnp), DesktopEntry.
        .target(name: "LinkRouterDesktop", dependencies: ["LinkRouterCore"], swiftSettings: strictSettings),
        // Checks of an app's discovered routes for its tests; no test framework, so XCTest and
        // Swift Testing both can call it.
        .target(name: "LinkRouterTesting", dependencies: ["LinkRouter", "RouteRecordReader"], swiftSettings: strictSettings),

        // The GLib/GTK/libadwaita functions LinkRouterGTK calls, declared in its header (no GTK
        // header search path, so none of pkg-config's flags SwiftPM refuses), and the GLib source
        // that runs the main actor's jobs. Debian: libgtk-4-dev libadwaita-1-dev.
        .target(
            name: "CGTK",
            linkerSettings: [
                .linkedLibrary("adwaita-1"), .linkedLibrary("gtk-4"), .linkedLibrary("gio-2.0"),
                .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0"), .linkedLibrary("dispatch"),
            ]
        ),
        // Re-exports LinkRouterDesktop.
        .target(name: "LinkRouterGTK", dependencies: ["LinkRouterCore", "LinkRouterDesktop", "CGTK"], swiftSettings: strictSettings),

        // The app-link files of `routes links`: the platforms' formats read and written, the
        // explorer of the paths their rules claim, the report; from routes registered on a router,
        // no ELF read. Not part of any library product.
        .target(
            name: "AppLinkFiles",
            dependencies: ["LinkRouterCore", "LinkRouterDesktop", "RouteTableJSON"],
            path: "Tools/AppLinkFiles",
            swiftSettings: strictSettings
        ),
        // The `routes` tool's logic: dump, check, match, gen and links return results and throw one
        // typed error for bad input; they print nothing and never exit.
        .target(
            name: "RouteInspection",
            dependencies: ["AppLinkFiles", "LinkRouterCore", "RoutePatterns", "RouteRecordReader", "RouteRecordLayout", "RouteTableJSON"],
            path: "Tools/RouteInspection",
            swiftSettings: strictSettings
        ),
        // The command line over RouteInspection: arguments, printing, exit statuses.
        .executableTarget(
            name: "routes",
            dependencies: [
                "RouteInspection", "AppLinkFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/routes",
            swiftSettings: strictSettings
        ),
        // LinkRouter's build identity, generated into the LinkRouter target: one hash of the tree's
        // sources and Package.swift, computed by linkrouter-build-identity.
        .executableTarget(name: "linkrouter-build-identity", path: "Tools/build-identity", swiftSettings: strictSettings),
        .plugin(name: "BuildIdentity", capability: .buildTool(), dependencies: ["linkrouter-build-identity"]),
        // Command plugins: build an app's product and run the `routes` tool on it.
        .plugin(
            name: "CheckRoutes",
            capability: .command(intent: .custom(
                verb: "check-routes",
                description: "Build executable products and check their routes with `routes check`; fails on a problem"
            )),
            dependencies: ["routes"]
        ),
        .plugin(
            name: "GenerateRoutes",
            capability: .command(
                intent: .custom(
                    verb: "generate-routes",
                    description: "Build an executable product and write the typed route constants and link builders of `routes gen`"
                ),
                permissions: [.writeToPackageDirectory(reason: "writes the generated Swift file named by --output")]
            ),
            dependencies: ["routes"]
        ),
        .plugin(
            name: "GenerateLinks",
            capability: .command(
                intent: .custom(
                    verb: "generate-links",
                    description: "Build an executable product and write an app-link file of `routes links`: apple-app-site-association, Android intent filters, assetlinks.json or the desktop entry's MimeType line"
                ),
                permissions: [.writeToPackageDirectory(reason: "writes the file named by --output")]
            ),
            dependencies: ["routes"]
        ),

        // The demo app: feature modules that register routes by annotation only, a C module, and
        // an executable that names none of them.
        // The protocols feature modules share (services), so that none imports another.
        .target(name: "ShopInterfaces", path: "Examples/ShopInterfaces", swiftSettings: strictSettings),
        // The groups the features share and the protocols they declare routable, declared once.
        .target(name: "ShopContracts", dependencies: ["LinkRouter", "ShopInterfaces"], path: "Examples/ShopContracts", swiftSettings: strictSettings),
        .target(
            name: "AccountFeature", dependencies: ["LinkRouter", "ShopInterfaces", "ShopContracts"], path: "Examples/AccountFeature",
            swiftSettings: strictSettings
        ),
        .target(name: "CatalogFeature", dependencies: ["LinkRouter"], path: "Examples/CatalogFeature", swiftSettings: strictSettings),
        .target(
            name: "CartFeature", dependencies: ["LinkRouter", "ShopInterfaces", "ShopContracts"], path: "Examples/CartFeature",
            swiftSettings: strictSettings
        ),
        .target(name: "CGreetings", dependencies: ["CRouteRecord"], path: "Examples/CGreetings"),
        // The demo's plugin is the package in Examples/DemoPlugin; this one links LinkRouter statically.
        .target(name: "DemoPluginPrivateCopy", dependencies: ["LinkRouter"], path: "Examples/DemoPluginPrivateCopy", swiftSettings: strictSettings),
        .executableTarget(
            name: "demo",
            dependencies: ["LinkRouter", "LinkRouterTesting", "ShopInterfaces", "AccountFeature", "CatalogFeature", "CartFeature", "CGreetings"],
            path: "Examples/Demo",
            // The app-link files `routes links` writes for the demo (scripts/test checks they are current).
            exclude: ["links"],
            swiftSettings: strictSettings,
            // A package cannot link its own LinkRouterDynamic product, so the demo links LinkRouter
            // statically and exports its symbols: a plugin's references bind to the demo's copy.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]
        ),
        // The desktop shop: GTK pages in feature modules that never import each other, and the app.
        // Each links to its own pages with their builders and to the others' with the shop's routes,
        // generated from the built app by `routes gen` (Examples/ShopDesktop/ShopRoutes).
        .target(name: "DesktopShopRoutes", dependencies: ["LinkRouter"], path: "Examples/ShopDesktop/ShopRoutes", swiftSettings: strictSettings),
        // Pages that log when they are viewed (PageLifecycle), through swift-log as an app's analytics would.
        .target(
            name: "DesktopCatalogFeature",
            dependencies: ["LinkRouter", "LinkRouterGTK", "DesktopShopRoutes", .product(name: "Logging", package: "swift-log")],
            path: "Examples/ShopDesktop/CatalogPages", swiftSettings: strictSettings
        ),
        .target(
            name: "DesktopAccountFeature",
            dependencies: ["LinkRouter", "LinkRouterGTK", "DesktopShopRoutes", .product(name: "Logging", package: "swift-log")],
            path: "Examples/ShopDesktop/AccountPages", swiftSettings: strictSettings
        ),
        .target(
            name: "DesktopCartFeature", dependencies: ["LinkRouter", "LinkRouterGTK", "DesktopShopRoutes"], path: "Examples/ShopDesktop/CartPages",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "shop-desktop",
            dependencies: [
                "LinkRouter", "LinkRouterGTK", "DesktopShopRoutes", "DesktopCatalogFeature", "DesktopAccountFeature", "DesktopCartFeature",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/ShopDesktop/App",
            swiftSettings: strictSettings
        ),

        .testTarget(name: "RoutePatternsTests", dependencies: ["ByteParsing", "RoutePatterns"], swiftSettings: strictSettings),
        .testTarget(name: "LinkRouterCoreTests", dependencies: ["LinkRouterCore", "ServiceFixtureInterfaces"], swiftSettings: strictSettings),
        .testTarget(name: "RouteTableJSONTests", dependencies: ["RouteTableJSON"], swiftSettings: strictSettings),
        .testTarget(name: "LinkRouterDesktopTests", dependencies: ["LinkRouterDesktop", "LinkRouterCore"], swiftSettings: strictSettings),
        .testTarget(name: "RouteRecordLayoutTests", dependencies: ["RouteRecordLayout", "RoutePatterns", "CRouteRecord"], swiftSettings: strictSettings),
        .testTarget(
            name: "LinkRouterMacrosTests",
            dependencies: [
                "LinkRouterMacros",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
        .target(name: "CDiscoveryFixtures", dependencies: ["CRouteRecord"], path: "Tests/CDiscoveryFixtures"),
        // Service protocols, and their implementations in a module the discovery tests never import.
        .target(name: "ServiceFixtureInterfaces", path: "Tests/ServiceFixtureInterfaces", swiftSettings: strictSettings),
        .target(name: "ServiceFixtures", dependencies: ["LinkRouter", "ServiceFixtureInterfaces"], path: "Tests/ServiceFixtures", swiftSettings: strictSettings),
        .testTarget(
            name: "LinkRouterDiscoveryTests",
            dependencies: [
                "LinkRouter", "RouteRecordReader", "RouteRecordLayout", "CRouteRecord", "CDiscoveryFixtures", "ServiceFixtureInterfaces", "ServiceFixtures",
                "RouteInspection", "AppLinkFiles", "LinkRouterTesting", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RouteInspectionTests",
            dependencies: ["RouteInspection", "RouteRecordReader", "RouteRecordLayout"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "AppLinkFilesTests", dependencies: ["AppLinkFiles", "LinkRouterCore"], swiftSettings: strictSettings),
        // The demo's feature modules linked in process and checked with LinkRouterTesting, as an
        // app's own test target would.
        .testTarget(
            name: "DemoRoutesTests",
            dependencies: ["LinkRouterTesting", "ShopInterfaces", "AccountFeature", "CatalogFeature", "CartFeature", "CGreetings"],
            swiftSettings: strictSettings
        ),
        // Runs the built demo, its plugin and the routes tool as processes: depends on the two
        // executables so that `swift test` builds them.
        // RouteInspection and the core for the app-link cross-check, which runs the tool's matchers and a
        // router; RouteRecordReader: the compatibility tests read records in process too, to compare
        // with what an older LinkRouter's reader says of them.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["routes", "demo", "RouteInspection", "AppLinkFiles", "LinkRouterCore", "RouteRecordReader"],
            swiftSettings: strictSettings
        ),
        // Runs the desktop shop (built by `swift build`) under Xvfb and a D-Bus session. It does not
        // depend on `shop-desktop`: that would link the desktop feature modules into the one test
        // binary beside the headless demo's, and their routes (the same patterns) would clash.
        .testTarget(name: "DesktopTests", swiftSettings: strictSettings),
        // LinkRouterGTK in process: what the compiler does not check (the main thread, CGTK.h
        // against the installed headers).
        .testTarget(name: "LinkRouterGTKTests", dependencies: ["LinkRouterGTK"], swiftSettings: strictSettings),
    ]
)
