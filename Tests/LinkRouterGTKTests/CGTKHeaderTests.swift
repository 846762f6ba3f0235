import Foundation
import Testing

/// CGTK.h declares by hand the GLib/GTK/libadwaita functions LinkRouterGTK calls (so that no GTK
/// header path, and none of pkg-config's flags, reaches packages that depend on LinkRouter). Its
/// re-typings (`GtkWidget *` for `GtkWindow *`, `int` for an enum) must stay ABI-equivalent to the
/// installed headers; nothing else checks that. This test compiles, as C++, the installed headers
/// and CGTK.h side by side (CGTK.h inside a namespace of its own) and compares each function's
/// shape with templates over its type: parameter count, whether it is variadic, each parameter's
/// and the return's size and kind (integer or enum, floating point, pointer, structure, void);
/// each constant's value against the one its `// = NAME` comment names; the layouts of the
/// structures and callbacks CGTK.h declares.
struct CGTKHeaderTests {
    static let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CGTK/include/CGTK.h")

    @Test("Every declaration of CGTK.h has the shape of the installed GTK 4, GLib and libadwaita one, and every constant its value")
    func matchesInstalledHeaders() throws {
        let text = try String(contentsOf: Self.header, encoding: .utf8)
        let mismatches = try Self.mismatches(of: text)
        #expect(mismatches.isEmpty, "CGTK.h differs from the installed headers:\n\(mismatches.joined(separator: "\n"))")
        #expect(Self.functions(in: text).count > 90)
    }

    @Test("The check catches a wrong parameter count, a parameter of another size or kind, a variadic mismatch, a wrong return, a constant's value, a function that does not exist")
    func catchesMismatches() throws {
        var text = try String(contentsOf: Self.header, encoding: .utf8)
        let edits = [
            ("void gtk_window_set_title(GtkWidget *window, const char *title);", "void gtk_window_set_title(GtkWidget *window);"),
            ("void gtk_widget_set_visible(GtkWidget *widget, gboolean visible);", "void gtk_widget_set_visible(GtkWidget *widget, double visible);"),
            ("void gtk_box_append(GtkWidget *box, GtkWidget *child);", "void gtk_box_append(GtkWidget *box, GtkWidget *child, ...);"),
            ("int gtk_widget_get_width(GtkWidget *widget);", "long gtk_widget_get_width(GtkWidget *widget);"),
            ("#define CGTK_KEY_Escape 0xff1b", "#define CGTK_KEY_Escape 0xff1c"),
            ("GtkWidget *gtk_label_new(const char *text);", "GtkWidget *gtk_label_new(const char *text);\nvoid gtk_no_such_function(void);"),
        ]
        for (old, new) in edits {
            try #require(text.contains(old), "CGTK.h no longer has '\(old)': update this test")
            text = text.replacingOccurrences(of: old, with: new)
        }
        let mismatches = try Self.mismatches(of: text)
        #expect(mismatches.contains("gtk_window_set_title: parameter count"), "\(mismatches)")
        #expect(mismatches.contains("gtk_widget_set_visible: parameter 2's size or kind"), "\(mismatches)")
        #expect(mismatches.contains("gtk_box_append: variadic"), "\(mismatches)")
        #expect(mismatches.contains("gtk_widget_get_width: the return's size or kind"), "\(mismatches)")
        #expect(mismatches.contains("CGTK_KEY_Escape is not GDK_KEY_Escape"), "\(mismatches)")
        #expect(mismatches.contains("gtk_no_such_function: not in the installed headers"), "\(mismatches)")
        #expect(mismatches.count == 6, "\(mismatches)")
    }

    /// The names of the functions CGTK.h declares, but LinkRouterGTK's own (`linkrouter_gtk_…`).
    static func functions(in header: String) -> [String] {
        header.split(separator: "\n").compactMap { line -> String? in
            let line = String(line)
            guard !line.hasPrefix("typedef"), !line.hasPrefix("#"), !line.hasPrefix("//"), !line.hasPrefix(" "),
                  let open = line.firstIndex(of: "(") else { return nil }
            let name = line[..<open].split(whereSeparator: { $0 == " " || $0 == "*" }).last.map(String.init)
            return name.flatMap { $0.hasPrefix("linkrouter_") || $0.isEmpty ? nil : $0 }
        }
    }

    /// `(CGTK name, real name)` of each `#define CGTK_X value  // = REAL`.
    static func constants(in header: String) -> [(String, String)] {
        header.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 5, words[0] == "#define", words[words.count - 2] == "=" else { return nil }
            return (String(words[1]), String(words[words.count - 1]))
        }
    }

    /// Compiles the comparison for `header` (CGTK.h's text) and returns what differs, one line each.
    static func mismatches(of header: String) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-cgtk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try header.write(to: folder.appendingPathComponent("CGTK.h"), atomically: true, encoding: .utf8)
        var source = """
            #include <stdint.h>
            #include <stddef.h>
            #include <adwaita.h>
            #include <glib-unix.h>
            UNDEFINE_MACROS
            namespace cgtk {
            #include "CGTK.h"
            }
            // 1 integer or enum, 2 floating point, 3 pointer, 4 structure or union, 5 void.
            template <class T> struct Kind {
                static constexpr int kind = __is_enum(T) || __is_integral(T) ? 1 : __is_floating_point(T) ? 2 : __is_class(T) || __is_union(T) ? 4 : 0;
                static constexpr unsigned size = sizeof(T);
            };
            template <class T> struct Kind<T *> { static constexpr int kind = 3; static constexpr unsigned size = sizeof(T *); };
            template <> struct Kind<void> { static constexpr int kind = 5; static constexpr unsigned size = 0; };
            struct Shape { unsigned count; bool variadic; int kinds[17]; unsigned sizes[17]; int result; unsigned resultSize; };
            template <class R, class... A> constexpr Shape shape(R (*)(A...)) {
                return Shape{sizeof...(A), false, {Kind<A>::kind..., 0}, {Kind<A>::size..., 0}, Kind<R>::kind, Kind<R>::size};
            }
            template <class R, class... A> constexpr Shape shape(R (*)(A..., ...)) {
                return Shape{sizeof...(A), true, {Kind<A>::kind..., 0}, {Kind<A>::size..., 0}, Kind<R>::kind, Kind<R>::size};
            }
            constexpr bool sameParameter(Shape a, Shape b, unsigned i) { return i >= a.count || i >= b.count || (a.kinds[i] == b.kinds[i] && a.sizes[i] == b.sizes[i]); }
            #define COMPARE(name, ours, real) \\
                static_assert(shape(ours).count == shape(real).count, name ": parameter count"); \\
                static_assert(shape(ours).variadic == shape(real).variadic, name ": variadic"); \\
                static_assert(shape(ours).result == shape(real).result && shape(ours).resultSize == shape(real).resultSize, name ": the return's size or kind"); \\
                static_assert(sameParameter(shape(ours), shape(real), 0), name ": parameter 1's size or kind"); \\
                static_assert(sameParameter(shape(ours), shape(real), 1), name ": parameter 2's size or kind"); \\
                static_assert(sameParameter(shape(ours), shape(real), 2), name ": parameter 3's size or kind"); \\
                static_assert(sameParameter(shape(ours), shape(real), 3), name ": parameter 4's size or kind"); \\
                static_assert(sameParameter(shape(ours), shape(real), 4), name ": parameter 5's size or kind"); \\
                static_assert(sameParameter(shape(ours), shape(real), 5), name ": parameter 6's size or kind");
            // The structures and callbacks CGTK.h declares.
            static_assert(sizeof(cgtk::GError) == sizeof(::GError) && offsetof(cgtk::GError, code) == offsetof(::GError, code) && offsetof(cgtk::GError, message) == offsetof(::GError, message), "GError: layout");
            static_assert(sizeof(cgtk::CGTKRect) == sizeof(graphene_rect_t) && alignof(cgtk::CGTKRect) == alignof(graphene_rect_t), "CGTKRect: layout of graphene_rect_t");
            static_assert(sizeof(cgtk::CGTKDBusInterfaceVTable) == sizeof(::GDBusInterfaceVTable) && offsetof(cgtk::CGTKDBusInterfaceVTable, get_property) == offsetof(::GDBusInterfaceVTable, get_property) && offsetof(cgtk::CGTKDBusInterfaceVTable, set_property) == offsetof(::GDBusInterfaceVTable, set_property), "CGTKDBusInterfaceVTable: layout of GDBusInterfaceVTable");
            COMPARE("CGTKDBusMethodCallFunc", (cgtk::CGTKDBusMethodCallFunc)nullptr, (::GDBusInterfaceMethodCallFunc)nullptr)
            COMPARE("GCallback", (cgtk::GCallback)nullptr, (::GCallback)nullptr)
            COMPARE("GClosureNotify", (cgtk::GClosureNotify)nullptr, (::GClosureNotify)nullptr)
            COMPARE("GDestroyNotify", (cgtk::GDestroyNotify)nullptr, (::GDestroyNotify)nullptr)
            COMPARE("GSourceFunc", (cgtk::GSourceFunc)nullptr, (::GSourceFunc)nullptr)
            COMPARE("CGTKUnixFDSourceFunc", (cgtk::CGTKUnixFDSourceFunc)nullptr, (::GUnixFDSourceFunc)nullptr)
            COMPARE("CGTKTickCallback", (cgtk::CGTKTickCallback)nullptr, (::GtkTickCallback)nullptr)

            """
        let functions = functions(in: header)
        // GLib defines some functions as macros too (g_object_ref, in C++): the function is meant.
        source = source.replacingOccurrences(of: "UNDEFINE_MACROS", with: functions.map { "#undef \($0)" }.joined(separator: "\n"))
        for name in functions {
            source += "COMPARE(\"\(name)\", &cgtk::\(name), &::\(name))\n"
        }
        for (ours, real) in constants(in: header) {
            source += "static_assert((\(ours)) == (\(real)), \"\(ours) is not \(real)\");\n"
        }
        let file = folder.appendingPathComponent("compare.cpp")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let flags = try run("/usr/bin/env", ["pkg-config", "--cflags", "libadwaita-1"])
        try #require(flags.status == 0, "pkg-config --cflags libadwaita-1: \(flags.output) (libadwaita-1-dev: scripts/setup installs it)")
        let compiled = try run("/usr/bin/env", ["clang++", "-std=c++17", "-fsyntax-only", "-w", "-ferror-limit=0", "-I", folder.path, file.path]
            + flags.output.split(whereSeparator: \.isWhitespace).map(String.init))
        var found: [String] = []
        for line in compiled.output.split(separator: "\n").map(String.init) {
            if line.contains("static assertion failed"), let range = line.range(of: "': ", options: .backwards) ?? line.range(of: "failed: ") {
                // "static assertion failed: MESSAGE", or "... due to requirement 'EXPRESSION': MESSAGE"
                found.append(String(line[range.upperBound...]))
            } else if let range = line.range(of: "no member named '"), line.contains("in the global namespace"),
                      let end = line[range.upperBound...].firstIndex(of: "'") {
                found.append("\(line[range.upperBound..<end]): not in the installed headers")
            } else if line.contains("error:"), !line.contains("static assertion") {
                found.append(line)
            }
        }
        if compiled.status != 0 && found.isEmpty { found.append("clang++ failed: \(compiled.output)") }
        // A function missing from the installed headers fails each of its assertions too.
        return found.reduce(into: []) { unique, line in if !unique.contains(line) { unique.append(line) } }
            .filter { line in !functions.contains { line.hasPrefix("\($0): ") && found.contains("\($0): not in the installed headers") && !line.hasSuffix("not in the installed headers") } }
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
