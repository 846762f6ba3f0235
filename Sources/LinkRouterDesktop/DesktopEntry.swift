/// A freedesktop.org desktop entry (a `.desktop` file) for an application that handles URL
/// schemes: with it installed under `$XDG_DATA_HOME/applications` and made the default handler
/// (`xdg-mime default FILE x-scheme-handler/SCHEME`), `gio open`, `xdg-open` and browsers start
/// the application with the link.
///
/// ``contents`` writes the entry as the Desktop Entry Specification (1.5) says, whatever
/// characters the values hold: the executable and its arguments are quoted for the `Exec` key
/// (a path with a space, `"`, `\`, `$`, a backtick or `%` still starts that program with those
/// arguments), and every value is escaped as a string value (`\n`, `\\`).
///
/// ```swift
/// let entry = try DesktopEntry(name: "Shop", executable: "/opt/My Shop/shop", schemes: ["shop"])
/// print(entry.contents)   // ... Exec="/opt/My Shop/shop" %u ... MimeType=x-scheme-handler/shop;
/// ```
///
/// Launcher actions (``actions``, the `Actions=` key and a `[Desktop Action ID]` group each) are
/// the items of the menu the desktop shows on the application's icon; each starts the program
/// with a link, which a running instance receives as any link from outside.
/// ``Action/launcherActions(of:scheme:host:)`` makes them from the routes declared with
/// `launcherAction: true`.
public struct DesktopEntry: Sendable, Hashable {
    /// A launcher action: an item of the application icon's menu that opens a link.
    public struct Action: Sendable, Hashable {
        /// The action's identifier in the file (`[Desktop Action ID]`): letters, digits and `-`.
        public let id: String
        /// What the menu shows (`Name`).
        public let name: String
        /// The link the program is started with.
        public let link: String

        /// Creates an action.
        /// - Throws: ``InvalidValue`` for an identifier that is empty or holds other characters
        ///   than ASCII letters, digits and `-`, an empty name, or a link that is empty or holds a
        ///   control character.
        public init(id: String, name: String, link: String) throws(InvalidValue) {
            guard !id.isEmpty, id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }) else {
                throw InvalidValue(key: "Actions", reason: "'\(id)' is not an action identifier (ASCII letters, digits and '-')")
            }
            guard !name.isEmpty else { throw InvalidValue(key: "Name", reason: "the name of action '\(id)' is empty") }
            guard !link.isEmpty, !link.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw InvalidValue(key: "Exec", reason: "the link of action '\(id)' is empty or holds a control character")
            }
            self.id = id
            self.name = name
            self.link = link
        }
    }

    /// The application's name, as menus show it (`Name`).
    public let name: String
    /// The program to run: a path, or a name looked up on `PATH` (the first word of `Exec`).
    public let executable: String
    /// Arguments before the URL.
    public let arguments: [String]
    /// The URL schemes it handles (`MimeType=x-scheme-handler/SCHEME;`), lowercased.
    public let schemes: [String]
    /// A line describing it (`Comment`), if any.
    public let comment: String?
    /// Menu categories (`Categories`), such as `Utility`.
    public let categories: [String]
    /// The launcher actions, in the order the menu shows them.
    public let actions: [Action]

    /// Why an entry could not be made: the key and what is wrong with its value.
    public struct InvalidValue: Error, CustomStringConvertible, Equatable {
        /// The desktop entry key (`Name`, `Exec`, `MimeType`, `Categories`).
        public let key: String
        /// What is wrong.
        public let reason: String

        /// `desktop entry key 'KEY': REASON`.
        public var description: String { "desktop entry key '\(key)': \(reason)" }
    }

    /// Creates an entry.
    /// - Parameters:
    ///   - name: The application's name; not empty.
    ///   - executable: The program: a path or a name on `PATH`; not empty, no NUL character.
    ///   - arguments: Arguments before the URL; no NUL character.
    ///   - schemes: The URL schemes it handles (RFC 3986 syntax: a letter, then letters, digits,
    ///     `+`, `-` or `.`); with none, `Exec` has no `%u`.
    ///   - comment: A line describing it.
    ///   - categories: Menu categories; each not empty.
    ///   - actions: Launcher actions; identifiers unique.
    /// - Throws: ``InvalidValue`` naming the key whose value cannot be written.
    public init(
        name: String, executable: String, arguments: [String] = [], schemes: [String] = [],
        comment: String? = nil, categories: [String] = [], actions: [Action] = []
    ) throws(InvalidValue) {
        guard !name.isEmpty else { throw InvalidValue(key: "Name", reason: "the name is empty") }
        guard !executable.isEmpty else { throw InvalidValue(key: "Exec", reason: "the executable is empty") }
        for argument in [executable] + arguments where argument.utf8.contains(0) {
            throw InvalidValue(key: "Exec", reason: "an argument holds a NUL character")
        }
        for scheme in schemes where !Self.isScheme(scheme) {
            throw InvalidValue(key: "MimeType", reason: "'\(scheme)' is not a URL scheme (a letter, then letters, digits, '+', '-' or '.')")
        }
        for category in categories where category.isEmpty {
            throw InvalidValue(key: "Categories", reason: "a category is empty")
        }
        self.name = name
        self.executable = executable
        self.arguments = arguments
        self.schemes = schemes.map { $0.lowercased() }
        self.comment = comment
        var identifiers = Set<String>()
        for action in actions where !identifiers.insert(action.id).inserted {
            throw InvalidValue(key: "Actions", reason: "two actions are named '\(action.id)'")
        }
        self.categories = categories
        self.actions = actions
    }

    /// The `Exec` value before string escaping: each word quoted when it must be, then `%u` (the
    /// URL) when the entry handles schemes.
    ///
    /// An executable whose path holds `%` is started through `/usr/bin/env`: GLib (so `gio open`
    /// and GNOME) checks that `Exec`'s first word names a program before it turns `%%` back into
    /// `%`, and would find none.
    public var commandLine: String {
        let program = executable.contains("%") ? ["/usr/bin/env", executable] : [executable]
        let words = (program + arguments).map(Self.quoted)
        return (words + (schemes.isEmpty ? [] : ["%u"])).joined(separator: " ")
    }

    /// The text of the `.desktop` file.
    public var contents: String {
        var lines = ["[Desktop Entry]", "Type=Application", "Name=" + Self.escaped(name)]
        if let comment { lines.append("Comment=" + Self.escaped(comment)) }
        lines.append("Exec=" + Self.escaped(commandLine))
        lines.append("Terminal=false")
        if !categories.isEmpty { lines.append("Categories=" + Self.list(categories)) }
        if !schemes.isEmpty { lines.append("MimeType=" + Self.list(schemes.map { "x-scheme-handler/" + $0 })) }
        if !actions.isEmpty { lines.append("Actions=" + Self.list(actions.map(\.id))) }
        for action in actions {
            lines += ["", "[Desktop Action \(action.id)]", "Name=" + Self.escaped(action.name), "Exec=" + Self.escaped(command(opening: action.link))]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `Exec` value of an action: the program, its arguments and the link, each word quoted
    /// when it must be.
    func command(opening link: String) -> String {
        let program = executable.contains("%") ? ["/usr/bin/env", executable] : [executable]
        return (program + arguments + [link]).map(Self.quoted).joined(separator: " ")
    }

    /// One word of `Exec`, quoted by the specification's rules: a word holding a reserved
    /// character goes in double quotes, inside which `"`, `` ` ``, `$` and `\` take a backslash;
    /// a literal `%` is written `%%`, quoted or not.
    static func quoted(_ word: String) -> String {
        let reserved: Set<Character> = [" ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`"]
        var text = ""
        if word.isEmpty || word.contains(where: reserved.contains) {
            text = "\""
            for character in word {
                if character == "\"" || character == "`" || character == "$" || character == "\\" { text.append("\\") }
                text.append(character)
            }
            text.append("\"")
        } else {
            text = word
        }
        var result = ""
        for character in text {
            result.append(character)
            if character == "%" { result.append("%") }
        }
        return result
    }

    /// A string value escaped: backslash, newline, tab and carriage return as `\\`, `\n`, `\t`,
    /// `\r`, and a leading space as `\s`.
    static func escaped(_ value: String) -> String {
        var result = ""
        for character in value {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case " " where result.isEmpty: result += "\\s"
            default: result.append(character)
            }
        }
        return result
    }

    /// A list value: each item escaped, `;` inside an item as `\;`, each followed by `;`.
    private static func list(_ items: [String]) -> String {
        items.map { escaped($0).split(separator: ";", omittingEmptySubsequences: false).joined(separator: "\\;") + ";" }.joined()
    }

    private static func isScheme(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }
}
