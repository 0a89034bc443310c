extension Unicode.Scalar {
    /// `A`–`Z` or `a`–`z`.
    public var isASCIILetter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self)
    }

    /// An ASCII letter or `0`–`9`.
    public var isASCIILetterOrDigit: Bool {
        isASCIILetter || ("0"..."9").contains(self)
    }
}
