#if canImport(SwiftParser)
    extension Interpreter {
        /// The type a `navigationDestination(for:)` names, as values carry it: `Video.self` → `Video`,
        /// `Library.Video` → `Video`; nil when it cannot be told (`type(of: x)`).
        static func typeName(_ written: String) -> String? {
            let simple = written.split(separator: ".").last.map(String.init) ?? written
            guard let first = simple.first, first.isLetter || first == "_",
                simple.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else { return nil }
            return simple
        }

        /// Whether a destination registered for `type` builds a screen for `value`: the value's type is that
        /// type, or one of them cannot be told (an opaque value, an unknown type).
        static func destination(_ type: String?, takes value: Value) -> Bool {
            guard let type, let own = typeName(of: value) else { return true }
            return own == type
        }

        /// The type of an interpreted value as a `navigationDestination(for:)` names it.
        static func typeName(of value: Value) -> String? {
            switch value {
            case .string: "String"
            case .int: "Int"
            case .double: "Double"
            case .bool: "Bool"
            // A sidecar's sample data has no type of its own.
            case .record(let r): r.type == "data" ? nil : typeName(r.type)
            case .enumCase(let e): e.type.flatMap(typeName)
            default: nil
            }
        }
    }
#endif
