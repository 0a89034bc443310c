// The floor the Swift runtime sets, for `make bench`: the smallest program linked as tiles is
// (static Swift runtime, FoundationEssentials), which starts, formats a date, waits for a line
// on standard input and exits.
import FoundationEssentials
import Glibc

let now = Date()
print("floor \(now.timeIntervalSince1970)")
// Standard output is a pipe here, which Swift buffers: the harness waits for this line.
fflush(stdout)
_ = readLine()
