import AsyncHTTPClient
import NIOCore

/// Suspends the calling task for `amount` on the HTTP stack's event loops instead of with
/// `Task.sleep`, whose timer lives on the global executor: on Linux the first job there starts
/// libdispatch's 1 Hz pool monitor for the rest of the process (see `ProviderExecutor`).
/// Throws `CancellationError` when the task is cancelled first.
func sleepOnEventLoop(_ amount: TimeAmount) async throws {
    let scheduled = HTTPEventLoop.loop.scheduleTask(in: amount) {}
    try await withTaskCancellationHandler {
        do {
            try await scheduled.futureResult.get()
        } catch is EventLoopError {
            throw CancellationError()
        }
    } onCancel: {
        scheduled.cancel()
    }
}
