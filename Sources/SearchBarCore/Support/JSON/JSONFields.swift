/// Reads the members of a JSON object strictly: every member read must exist with the right
/// type, and ``finish()`` rejects members nobody read. Errors are ``SearchBarError/Code/corrupt``
/// naming the member.
struct JSONFields {
    private let members: [String: JSONValue]
    private var used = Set<String>()
    private let context: String

    init(_ value: JSONValue, _ context: String) throws(SearchBarError) {
        guard case .object(let list) = value else { throw SearchBarError(.corrupt, "\(context) is not an object") }
        var members: [String: JSONValue] = [:]
        for (name, value) in list { members[name] = value }
        self.members = members
        self.context = context
    }

    private func failure(_ name: String, _ what: String) -> SearchBarError {
        SearchBarError(.corrupt, "\(context).\(name) \(what)")
    }

    mutating func value(_ name: String) throws(SearchBarError) -> JSONValue {
        guard let value = members[name] else { throw failure(name, "is missing") }
        used.insert(name)
        return value
    }

    /// True when the object has member `name` (for members added after a format's first release).
    func has(_ name: String) -> Bool {
        members[name] != nil
    }

    mutating func string(_ name: String) throws(SearchBarError) -> String {
        guard case .string(let text) = try value(name) else { throw failure(name, "is not a string") }
        return text
    }

    mutating func optionalString(_ name: String) throws(SearchBarError) -> String? {
        switch try value(name) {
        case .null: return nil
        case .string(let text): return text
        default: throw failure(name, "is not a string or null")
        }
    }

    mutating func bool(_ name: String) throws(SearchBarError) -> Bool {
        guard case .bool(let flag) = try value(name) else { throw failure(name, "is not a boolean") }
        return flag
    }

    mutating func uint64(_ name: String) throws(SearchBarError) -> UInt64 {
        guard case .number(let text) = try value(name), let number = UInt64(text) else {
            throw failure(name, "is not an integer in 0...\(UInt64.max)")
        }
        return number
    }

    mutating func int64(_ name: String) throws(SearchBarError) -> Int64 {
        guard case .number(let text) = try value(name), let number = Int64(text) else {
            throw failure(name, "is not a 64-bit integer")
        }
        return number
    }

    mutating func int(_ name: String, in range: ClosedRange<Int>) throws(SearchBarError) -> Int {
        let number = try int64(name)
        guard number >= Int64(range.lowerBound), number <= Int64(range.upperBound) else {
            throw failure(name, "is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return Int(number)
    }

    mutating func array(_ name: String) throws(SearchBarError) -> [JSONValue] {
        guard case .array(let items) = try value(name) else { throw failure(name, "is not an array") }
        return items
    }

    mutating func object(_ name: String) throws(SearchBarError) -> JSONFields {
        try JSONFields(try value(name), "\(context).\(name)")
    }

    /// A string member naming a case of `E` (see ``JSONName``).
    mutating func name<E: JSONName>(_ name: String, as type: E.Type) throws(SearchBarError) -> E {
        let text = try string(name)
        guard let value = E.allCases.first(where: { $0.jsonName == text }) else {
            throw failure(name, "is not one of \(E.allCases.map(\.jsonName).joined(separator: ", "))")
        }
        return value
    }

    /// Throws when the object has members that were not read.
    func finish() throws(SearchBarError) {
        if let unknown = members.keys.sorted().first(where: { !used.contains($0) }) {
            throw SearchBarError(.corrupt, "\(context) has an unknown member \"\(unknown)\"")
        }
    }
}

/// An enumeration written to JSON by name.
protocol JSONName: CaseIterable {
    /// The name used in JSON.
    var jsonName: String { get }
}
