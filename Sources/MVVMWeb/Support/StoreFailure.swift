import Logging
import MVVMWebServer

/// A store that could not be read or written (the database locked, the disk full): the person
/// is told the data could not be saved and to try again (503), and the log gets one line with the
/// time, the request (and its id) and the underlying error. It is never shown as a form error or a 404.
public enum StoreFailure {
  /// The answer to a read that failed.
  public static let notRead = HTTPError(
    .serviceUnavailable, "The data could not be read just now. Please try again in a moment.")
  /// The answer to a write that failed: nothing was changed.
  public static let notSaved = HTTPError(
    .serviceUnavailable,
    "The data could not be saved just now; nothing was changed. Please try again in a moment.")

  /// Counts the failure and logs one line with the request and the error.
  public static func log(_ error: any Error, _ request: Request, _ metrics: AppMetrics) {
    metrics.databaseFailed()
    Logger(label: "mvvmweb").error(
      "\(request.method) \(request.path): store failed: \(error)",
      metadata: ["request-id": "\(request.id)"])
  }

  /// Runs a store read: what it throws that is not an `HTTPError` (nor `StoreNeeded`, which
  /// sends the work to the store's threads) is logged and answered 503, never disguised as a
  /// 404 or a 500.
  public static func reading<Value>(
    _ request: Request, _ metrics: AppMetrics, _ read: () throws -> Value
  ) throws -> Value {
    do {
      return try read()
    } catch let error as HTTPError {
      throw error
    } catch let needed as StoreNeeded {
      throw needed
    } catch {
      log(error, request, metrics)
      throw notRead
    }
  }
}
