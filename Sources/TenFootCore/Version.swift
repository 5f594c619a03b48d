/// TenFoot's version: the one place it is written. `tenfoot --version` prints it; saved sessions note it.
public enum TenFootVersion {
    public static let string = "0.1.0"
}
