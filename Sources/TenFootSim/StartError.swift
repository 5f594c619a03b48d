/// Why a simulator cannot start from the item asked for (`--from`, an `expect` block's `from`).
public struct StartError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
